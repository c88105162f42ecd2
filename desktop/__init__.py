"""Tracklayer's desktop program (Qt).  It reads engine state and changes it only through ``Session``."""
