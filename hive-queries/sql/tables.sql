-- HiveBench's input tables over the directories HiBench.DataGen wrote (docs/workloads.md#datagen-tables).
-- Variables: INPUT, the directory holding rankings/ and uservisits/; FORMAT, how DataGen stored
-- them: SEQUENCEFILE (-o sequence, what every HiBench script uses) or TEXTFILE (-o text).
-- With a cluster's Hive, before the query file:
--   hive --hivevar INPUT=/HiBench/Join/Input --hivevar OUTPUT=/HiBench/Join/Output \
--        --hivevar FORMAT=SEQUENCEFILE -i tables.sql -f join.sql

-- HiBench 7 sets both. HiveInputFormat gives each file its own splits, as HiBench measured, where
-- Hive's default CombineHiveInputFormat would merge small files into fewer maps; and no statistics
-- are gathered after an INSERT (on some versions an extra job, and time that is not the query's).
set hive.input.format=org.apache.hadoop.hive.ql.io.HiveInputFormat;
set hive.stats.autogather=false;

-- EXTERNAL, and not purged on a drop whatever the cluster's hive.external.table.purge.default
-- says: dropping a table never deletes the data under INPUT. The rows are comma-separated, as
-- HiBench's "ROW FORMAT DELIMITED FIELDS TERMINATED BY ','" has it; spelled as the SerDe that means
-- (LazySimpleSerDe, field.delim), which Spark SQL also takes with SEQUENCEFILE (its parser refuses
-- the DELIMITED form with any format but TEXTFILE), so both engines run these very files.
DROP TABLE IF EXISTS rankings;
CREATE EXTERNAL TABLE rankings (pageURL STRING, pageRank INT, avgDuration INT)
  ROW FORMAT SERDE 'org.apache.hadoop.hive.serde2.lazy.LazySimpleSerDe' WITH SERDEPROPERTIES ('field.delim' = ',')
  STORED AS ${hivevar:FORMAT} LOCATION '${hivevar:INPUT}/rankings'
  TBLPROPERTIES ('external.table.purge' = 'false');

DROP TABLE IF EXISTS uservisits;
CREATE EXTERNAL TABLE uservisits (sourceIP STRING, destURL STRING, visitDate STRING,
    adRevenue DOUBLE, userAgent STRING, countryCode STRING, languageCode STRING,
    searchWord STRING, duration INT)
  ROW FORMAT SERDE 'org.apache.hadoop.hive.serde2.lazy.LazySimpleSerDe' WITH SERDEPROPERTIES ('field.delim' = ',')
  STORED AS ${hivevar:FORMAT} LOCATION '${hivevar:INPUT}/uservisits'
  TBLPROPERTIES ('external.table.purge' = 'false');
