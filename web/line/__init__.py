"""The line-of-play games on the page: their controller, the scene and its geometry, drawing,
dragging and motion, and the table that wires them (:class:`~web.line.table.LineTable`)."""
