-- HiveBench scan (HiBench 7): copies uservisits. Run after tables.sql; the INSERT is the measured
-- query, everything before it is setup. The result table is stored like the input, under OUTPUT.
DROP TABLE IF EXISTS uservisits_copy;
CREATE EXTERNAL TABLE uservisits_copy (sourceIP STRING, destURL STRING, visitDate STRING,
    adRevenue DOUBLE, userAgent STRING, countryCode STRING, languageCode STRING,
    searchWord STRING, duration INT)
  ROW FORMAT DELIMITED FIELDS TERMINATED BY ','
  STORED AS ${hivevar:FORMAT} LOCATION '${hivevar:OUTPUT}/uservisits_copy';

INSERT OVERWRITE TABLE uservisits_copy SELECT * FROM uservisits;
