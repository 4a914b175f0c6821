"""The tournament service: MQTT adapter, event store, embedded broker, CLI.

Four sub-packages (the rule between them is in docs/layout.md): ``hub.broker`` (the embedded
Mosquitto and the join service), ``hub.paper`` (sheets and exports), ``hub.service`` (the core,
its log and the MQTT adapter) and ``hub.demo`` (the demo and its simulated devices);
``hub.cli`` puts them behind the ``whist-hub`` command.
"""
