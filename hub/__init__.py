"""The tournament service: MQTT adapter, event store, embedded broker, CLI."""
