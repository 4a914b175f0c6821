"""The hall's network: the embedded Mosquitto (its configuration, ACL, logins, TLS and log
capture), the hall's addresses, the join service a new kiosk calls, and private files.

Imports nothing else of ``hub``."""
