"""imtheboss: Sid Sackson's *I'm the Boss!* for a table of friends at one terminal."""

__version__ = "0.1.0"
