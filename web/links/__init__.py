"""Links to the table: the query parameters a link asks for (:mod:`.params`) and share links
that carry a record or a position (:mod:`.share`)."""
