/** HiBench 7's Spark SQL bench by its class name, so its command lines run unchanged against the suite's Spark jar. */
package com.intel.hibench.sparkbench.sql;
