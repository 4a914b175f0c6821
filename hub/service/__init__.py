"""The service: the event store, the core and its desks (results, commands, queries, calls,
joins, release), a club night's core, the MQTT adapter and ``serve``, which starts them with
the broker.

May import ``hub.broker`` and ``hub.paper``."""
