"""The table of the train family (Mexican Train and Chicken Foot)."""
