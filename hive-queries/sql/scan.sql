-- HiveBench scan (HiBench 7): copies uservisits. Run after tables.sql; the INSERT is the measured
-- query, everything before it is setup. The result table has uservisits' columns and storage,
-- spelled out as HiBench does (Spark SQL takes no EXTERNAL ... LIKE), under OUTPUT.
DROP TABLE IF EXISTS uservisits_copy;
CREATE EXTERNAL TABLE uservisits_copy (sourceIP STRING, destURL STRING, visitDate STRING,
    adRevenue DOUBLE, userAgent STRING, countryCode STRING, languageCode STRING,
    searchWord STRING, duration INT)
  ROW FORMAT SERDE 'org.apache.hadoop.hive.serde2.lazy.LazySimpleSerDe' WITH SERDEPROPERTIES ('field.delim' = ',')
  STORED AS ${hivevar:FORMAT} LOCATION '${hivevar:OUTPUT}/uservisits_copy';

INSERT OVERWRITE TABLE uservisits_copy SELECT * FROM uservisits;
