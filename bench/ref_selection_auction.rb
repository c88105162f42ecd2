# The reference engine's general SelectionAuction, driven by a list of actions on 1830's privates.
#
#   cd REFERENCE_ENGINE && ruby -Ishim PATH/TO/bench/ref_selection_auction.rb GAMES.jsonl
#
# Each input line is {"players": [{"id", "name"}...], "actions": [...]}: an 1830 game whose auction round uses
# the reference's Engine::Step::SelectionAuction (1830 itself uses the waterfall auction: this is only a test bed
# for the general step).  Prints one JSON line per game: the state after every action (round, current entity,
# players' cash, company owners, minimum bids) or {"error": ...} where the reference refused one.
# Driven by bench/ref_selection_auction.py.
require 'json'
ROOT = File.expand_path(ENV['REFERENCE_ENGINE'] || Dir.pwd)
REF = File.join(ROOT, '18xx')
%w[debug deep_freeze jaro_winkler logger game/base].each { |f| require File.join(REF, 'lib/engine', f) }
LOGGER.level = Logger::FATAL
Dir.glob(File.join(REF, 'lib/engine/game/g_1830', '**', '*.rb')).sort.each { |f| require f }

class SelectionAuction1830 < Engine::Game::G1830::Game
  def new_auction_round
    Engine::Round::Auction.new(self, [Engine::Step::CompanyPendingPar, Engine::Step::SelectionAuction])
  end
end

File.readlines(ARGV[0]).each do |line|
  data = JSON.parse(line)
  game = SelectionAuction1830.new(data['players'].map { |p| [p['id'], p['name']] }.to_h, id: 1, actions: [],
                                                                                         seed: 1)
  states = []
  data['actions'].each do |action|
    game.process_action(action)
    if game.exception
      states << { 'error' => game.exception.message }
      break
    end
    states << { 'round' => game.round.class.name.split('::').last, 'entity' => game.current_entity&.id,
                'cash' => game.players.map(&:cash),
                'owners' => game.companies.to_h { |c| [c.id, c.owner&.player? ? c.owner.id : nil] },
                'min_bids' => game.companies.to_h { |c| [c.id, c.min_bid] } }
  end
  puts JSON.generate(states)
end
