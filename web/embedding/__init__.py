"""Embedding the table in another site's page: the embed parameters and messages
(:mod:`.embed`) and the link to the host page (:mod:`.host_link`)."""
