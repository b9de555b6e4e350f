"""Dice and Dominoes on the page: its controller, scene, drawing, replay and table
(:class:`~web.dice.table.DiceTable`)."""
