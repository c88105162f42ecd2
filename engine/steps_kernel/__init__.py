"""Steps any title on the kernel can use (no 18xx rule module is imported here: an import contract says so).

- ``control_auction``: the open "control" auction (Auction HOW's bid board), parameterised by the items, the
  bidders in turn order, the currency and the action field naming an item.
"""
