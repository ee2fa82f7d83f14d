-- HiveBench aggregation (the reference report's Table 14): ad revenue per source IP. Run after
-- tables.sql; the INSERT is the measured query, everything before it is setup.
DROP TABLE IF EXISTS uservisits_aggre;
CREATE EXTERNAL TABLE uservisits_aggre (sourceIP STRING, sumAdRevenue DOUBLE)
  ROW FORMAT SERDE 'org.apache.hadoop.hive.serde2.lazy.LazySimpleSerDe' WITH SERDEPROPERTIES ('field.delim' = ',')
  STORED AS ${hivevar:FORMAT} LOCATION '${hivevar:OUTPUT}/uservisits_aggre';

INSERT OVERWRITE TABLE uservisits_aggre SELECT sourceIP, SUM(adRevenue) FROM uservisits GROUP BY sourceIP;
