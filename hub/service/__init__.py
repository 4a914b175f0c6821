"""The service: the event store, the hub's core (one for a tournament and a club night: a
dispatch table of handlers — results, counts, deals, commands, queries, joins, the room —
and the feed it publishes), the MQTT adapter and ``serve``, which starts them with the broker.

May import ``hub.broker`` and ``hub.paper``."""
