"""What the table keeps on the device: checked saves and their slots, games as records,
the browser's ``localStorage``, statistics, and which game a boot starts."""
