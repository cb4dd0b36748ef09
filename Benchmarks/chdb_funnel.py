"""ClickHouse's own windowFunnel over a gzip dump, in-process with chdb (make bench).

Prints one line per step, "step,users", as `atk funnel --format csv` counts them, so that the
benchmark can check both agree. The dump is read as lines: JSONEachRow cannot read a dump
holding cut-off lines (one swallows the next line, or the rest of the file), so invalid lines are
dropped with isValidJSON, as atk reports and skips them.

usage: python3 Benchmarks/chdb_funnel.py DUMP [WINDOW_MS]
"""
import sys

import chdb

dump = sys.argv[1]
window = int(sys.argv[2]) if len(sys.argv) > 2 else 3600000
event = "JSONExtractString(line, 'event')"
steps = ["$AppStart", "ProductView", "AddToCart"]
conditions = ", ".join(f"{event} = '{step}'" for step in steps)
query = f"""
SELECT s, countIf(level >= s) FROM (
  SELECT JSONExtractString(line, 'distinct_id') AS user,
         windowFunnel({window})(toUInt64(JSONExtractInt(line, 'time')), {conditions}) AS level
  FROM file('{dump}', LineAsString)
  WHERE isValidJSON(line)
    AND JSONExtractString(line, 'type') IN ('track', 'track_signup', 'track_id_bind', 'track_id_unbind')
    AND JSONType(line, 'distinct_id') = 'String' AND JSONType(line, 'time') IN ('Int64', 'UInt64')
  GROUP BY user)
ARRAY JOIN range(1, {len(steps) + 1}) AS s GROUP BY s ORDER BY s"""
print(str(chdb.query(query, "CSV")).strip())
