"""What the benchmarks share, so that each is only the part that differs:

- `servers`: a process of ours on a free loopback port (`python -m server`, or another
  server), waited for until it answers, and stopped with whatever it started;
- `clients`: the lean websocket client that load runs measure with, and `peer`: the
  paced one that keeps its table's view and times its own moves;
- `tables`: opening a table through the wire: create, sit, AI players, spectators, start;
- `node`: running one of bench/peers' Node load generators against a server;
- `printing`: markdown tables, the progress line, the figures as JSON;
- `figures`: percentiles and a least-squares line.

A process's CPU and memory are read from /proc by `bots.procfs`, which the load bots
use too. (Not a module of bench/ itself: `make bench` runs those as benchmarks.)
"""
