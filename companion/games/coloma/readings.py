"""Our readings where Coloma's rules are silent: shown in the screen's help (F1)."""

READINGS = """\
## Our readings where the rules are silent

- Shooters with the same Gunmen in every row share the tier; the Sheriff keeps the Badge
  when the non-player Gunmen are best, or when players share the best tier.
- Rows at the Shootout are numbered from the one nearest the Outlaws (row 1). In the
  2-player game the three non-player Gunmen hold row 3 all game.
- Tents: a player has 8 in all, in the Lodge, on Events or on Frontier Lands; `tents` counts
  those in the Lodge (the tie-break's "remaining Tents").
- Dudes placed as Gunmen leave the Lodge and go to the General Supply at Clean Up.
- How many Dudes a colour has is printed nowhere in our text: the app does not cap Dudes;
  when the General Supply runs out, correct the number (ctrl+o).
- No tracked number goes below 0 (the score track starts at 0): a chart's penalty a
  player cannot pay in full is taken as far as it goes, and the Shootout's sentence says
  what was not applied ("-1 VP not applied (had 0 VP)").
- The Sheriff Badge can be handed over by hand (`sheriff NAME`), as an entry, when the
  table reads a shootout differently.
- The chart's rewards are applied when the Shootout is resolved, each tier as typed
  (`chart 6 VP / 3 VP / 1 VP / 2 Graves`; the lost side after `|`). A Dude put on a
  Grave comes from the General Supply and covers the lowest vacant Grave: the numbers
  printed on your Graveyard are typed once (`graveyard 1 1 2 2 3 3`, bottom first,
  remembered); until then the app counts the Graves owed and `NAME grave N` says the number.
  Once every Grave typed is covered there is no vacant Grave: a Dude more is not placed.
- A player has one turn a Round, so fills at most one row of Gunmen a Round (the rules:
  "one row per turn"). Gunmen are Site 5's Common action: a row from a player whose Pioneer
  is on another Site (as `sites` typed them), or in Round 5 (the Barker covers Site 5), is
  taken with a note saying so; so is a row typed after Round 5, before the Shootout is
  resolved (one the table forgot to type).
- Bridge tiles of each type: 1 with 2 players, 2 with 3-4, 3 with 5-6, first come first
  served; types are compared without case.
- A tracker pushed past its limit takes what fits and ignores the rest, saying so (the
  rules: "ignore the action or the remainder"); a correction cannot go past a limit either.
- The 2-player game's Buster counts as a Pioneer in the Bust: `sites` wants its Site after
  a `+`. Mule Duel has no Buster: the two Mules' Sites come after the `+` instead.
- Mule Duel (2 players): the Barker triggers no Event; a Mule placed on a Site whose Event
  space holds its colour's Carrot eats it and its owner gets the Event (twice with a Tent
  there); Site 5's Event is spent as typed (`sites 5 2 + 5 1 spend ann 1`). Every Carrot
  goes back at Clean Up.
- The Bust: the app names the Site with most Pioneers (or the Signpost on a tie). When the
  Signpost points at the Bust tile it copies it and both Sites bust (the rules): which Site
  the Signpost covers is on the board, not in our text, so the app does not name the
  second one; the table applies it.
- At Clean Up the Mine Cart refills the pools, bottom-most empty spaces first; the players'
  starting Nuggets came from outside the pools, so a Nugget can stay in the Cart once they
  are full (the rules do not say): the line says how many stay.
- Hotel Building module: 2 Hotel Buildings per player in the supply (`ann hotel` builds
  one, its cost paid with the trackers); `ann sleep 2` puts Dudes from the Lodge on vacant
  Hotel spaces (2 per Hotel; past them, what fits is taken and the rest ignored, as past
  the Horse Limit) for 2 VP each, at Site 5: from a Pioneer the typed Sites put
  elsewhere (or under the Barker in Round 5) they are taken with a note, as Gunmen are, the
  table knowing best; they go to the General Supply at Clean Up; 8 VP per Hotel at the end.
  Without the module the wizard has no Hotels step.
- Pioneer Specialties module: each Ability is printed on its card (not in our text), so the
  app has no command of its own for it: type what an Ability changes with the usual
  commands (`ann gold +1`, ...), or ctrl+o. The option records that the module is used.
"""
