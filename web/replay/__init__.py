"""The replay viewer: a recorded match stepped move by move (:mod:`.model`), its picture of
the table (:mod:`.scene`) and the dialog on the page (:mod:`.view`)."""
