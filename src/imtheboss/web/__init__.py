"""The table and the seats in a browser: ``imtheboss web`` and the phone page (issue 24).

Light on import: the QR code (``qr``) is read by the shared screen, which must not pull the web
server (aiohttp, textual-serve) into a terminal game.
"""
