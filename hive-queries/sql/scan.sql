-- HiveBench scan (HiBench 7): copies uservisits. Run after tables.sql; the INSERT is the measured
-- query, everything before it is setup. The result table has uservisits' columns and storage
-- (HiBench spells them out; LIKE says the same), under OUTPUT.
DROP TABLE IF EXISTS uservisits_copy;
CREATE EXTERNAL TABLE uservisits_copy LIKE uservisits LOCATION '${hivevar:OUTPUT}/uservisits_copy';

INSERT OVERWRITE TABLE uservisits_copy SELECT * FROM uservisits;
