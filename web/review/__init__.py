"""The hand review in the replay viewer: one seat's reviews (:mod:`.book`), the chart of the
chance to win (:mod:`.chart`) and the review panel (:mod:`.view`)."""
