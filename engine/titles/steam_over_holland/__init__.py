"""Steam Over Holland (Bart van Dijk): the Netherlands, seven corporations, five fixed sets of two
operating rounds, companies sold in a selection auction."""
