"""The stock market view: the price grid with the corporations' tokens, painted from ``game.stock_market``."""

from desktop.market.widget import MarketCell, MarketToken, MarketWidget

__all__ = ["MarketCell", "MarketToken", "MarketWidget"]
