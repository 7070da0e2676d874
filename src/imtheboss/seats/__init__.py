"""Seats on devices (issue 24): the host's table serves each seat's own view to a device
(``imtheboss join``), over a small websocket server in the table's own event loop.

``protocol`` is the one message schema; ``host`` the table's side; ``client`` the device's.
"""
