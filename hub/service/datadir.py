"""What lives in a hub's data folder (``whist-hub serve --data DIR``), by name.

Every part of the hub that reads or writes there takes the names from here.
"""

#: The event log: the tournament's truth (SQLite, WAL).
DB_FILE = "hub.sqlite3"
#: The embedded broker's configuration, passwords, ACL, database and log.
BROKER_DIR = "broker"
#: The hub's own log.
LOG_FILE = "hub.log"
#: Where the ``export`` op and ``whist-hub export`` write CSV files and sheets.
EXPORTS_DIR = "exports"
#: The players' phones' broker: its configuration, ACL and page (hub/broker/phones.py).
PHONES_DIR = "phones"
