# The reference engine's state after EVERY raw prefix of a game, one JSON line per prefix.
#
#   cd REFERENCE_ENGINE && ruby -Ishim PATH/TO/bench/ref_prefix_states.rb GAME.json [strict] [all] [branch=N]
#
# Line k (k = 0 .. number of raw actions) is the state the reference reaches when it loads the first k raw
# actions: {"k": k, "state": {...}, "error": "..." or null, "log": [last log lines]}.  Undo and redo rebuild
# the game from the raw prefix (as the site does); other actions are applied to the game built so far, as
# the loader does.  The state has the fields of shared/reference/traces (see their README) plus "actions":
# the action types the current entity may take (program, message and end-game actions left out), and with
# "all" also "all_actions": those of every player, corporation, minor and open company that has any.
# Driven by bench/prefix_compare.py; needs the reference engine checkout (see /work/reference-engine).
require 'json'
ROOT = File.expand_path(ENV['REFERENCE_ENGINE'] || Dir.pwd)
REF = File.join(ROOT, '18xx')
%w[debug deep_freeze jaro_winkler logger game/base].each { |f| require File.join(REF, 'lib/engine', f) }
LOGGER.level = Logger::FATAL
%w[g_1830 g_1889 g_18_chesapeake g_1846 g_1846_two_player_variant].each do |g|
  Dir.glob(File.join(REF, 'lib/engine/game', g, '**', '*.rb')).sort.each { |f| require f }
end
TITLES = { '1830' => Engine::Game::G1830::Game, '1889' => Engine::Game::G1889::Game,
           '18Chesapeake' => Engine::Game::G18Chesapeake::Game, '1846' => Engine::Game::G1846::Game,
           '1846 2p Variant' => Engine::Game::G1846TwoPlayerVariant::Game }.freeze
IGNORED_ACTIONS = %w[end_game log message].freeze

def short_name(obj)
  obj.class.name.split('::').last
end

def entity_key(entity)
  return nil unless entity

  entity.id
end

def owner_key(owner)
  return nil unless owner

  owner.player? ? owner.id.to_s : owner.name
end

def percent_of(holder, corporation)
  holder.shares_by_corporation[corporation]&.sum(&:percent) || 0
end

def action_types(round, entity)
  round.actions_for(entity).reject { |a| IGNORED_ACTIONS.include?(a) || a.start_with?('program_') }.uniq.sort
end

# What every player, corporation, minor and open company may do now (only those with something to do).
def all_actions(game)
  entities = game.players + game.corporations + game.minors + game.companies.reject(&:closed?)
  entities.to_h { |e| ["#{e.player? ? 'player' : e.class.name.split('::').last.downcase}:#{e.id}", action_types(game.round, e)] }
          .reject { |_, v| v.empty? }
end

def state_of(game)
  round = game.round
  step = round.active_step
  entity = game.current_entity rescue nil
  actions = entity ? action_types(round, entity) : []
  players = game.players.to_h do |p|
    shares = p.shares_by_corporation.reject { |_, s| s.empty? }.to_h { |c, s| [c.name, s.sum(&:percent)] }
    [p.id.to_s, { 'cash' => p.cash, 'shares' => shares, 'companies' => p.companies.map(&:sym).sort }]
  end
  corporations = game.corporations.to_h do |c|
    sp = c.share_price
    president = if c.owner&.player? then c.owner.id
                elsif c.owner.is_a?(Engine::SharePool) then 'SharePool'
                end
    [c.name, { 'cash' => c.cash, 'price' => sp&.price, 'coordinates' => sp&.coordinates, 'floated' => c.floated?,
               'president' => president, 'ipo_percent' => c.ipo_owner ? percent_of(c.ipo_owner, c) : 0,
               'pool_percent' => percent_of(game.share_pool, c), 'trains' => c.trains.map(&:name),
               'companies' => c.companies.map(&:sym).sort,
               'tokens' => c.tokens.select { |t| t.used && t.city }.map { |t| t.city.hex.id } }]
  end
  companies = game.companies.to_h { |co| [co.sym, co.closed? ? 'closed' : owner_key(co.owner)] }
  depot = Hash.new(0)
  game.depot.upcoming.each { |t| depot[t.name] += 1 }
  tiles = game.hexes.reject { |h| h.tile == h.original_tile }.to_h { |h| [h.id, "#{h.tile.name}@#{h.tile.rotation}"] }
  priority = game.priority_deal_player rescue nil
  { 'round' => short_name(round), 'turn' => game.turn, 'round_num' => round.round_num,
    'step' => step && short_name(step), 'entity' => entity_key(entity), 'phase' => game.phase.name,
    'priority' => priority&.id, 'bank' => game.bank.cash, 'finished' => game.finished, 'players' => players,
    'corporations' => corporations, 'companies' => companies, 'depot' => depot, 'tiles' => tiles,
    'actions' => actions }.tap { |h| h['all_actions'] = all_actions(game) if ALL_ENTITIES }
end

data = JSON.parse(File.read(ARGV[0]))
strict = ARGV.include?('strict')
ALL_ENTITIES = ARGV.include?('all')
klass = TITLES.fetch(data['title'])
build = lambda do |actions|
  klass.new(data['players'].map { |p| [p['id'] || p['name'], p['name']] }.to_h, id: data['id'], actions: actions,
            optional_rules: (data.dig('settings', 'optional_rules') || []).map(&:to_sym), strict: strict,
            seed: data.dig('settings', 'seed'))
end
raw = data['actions']
game = build.call([])
describe = lambda do |g|
  state_of(g)
rescue StandardError => e
  { 'dump_error' => "#{e.class}: #{e.message[0, 200]}" }
end
# With "branch=N": at every N-th prefix, also the states after a few actions the current entity may take there
# (a pass; per corporation, selling its largest sellable bundle; buying the first buyable certificate;
# withholding), each built from the raw prefix plus that action: paths the game itself may never have taken.
BRANCH_EVERY = (ARGV.find { |a| a.start_with?('branch=') }&.split('=')&.last || '0').to_i
next_id = raw.map { |a| a['id'].to_i }.max.to_i + 1
candidates = lambda do |entity|
  step = game.round.active_step
  types = game.round.actions_for(entity)
  kind = entity.player? ? 'player' : entity.class.name.split('::').last.downcase
  base = { 'entity' => entity.id, 'entity_type' => kind, 'id' => next_id }
  found = []
  found << base.merge('type' => 'pass') if types.include?('pass')
  found << base.merge('type' => 'dividend', 'kind' => 'withhold') if types.include?('dividend')
  if entity.player? && types.include?('sell_shares')
    game.corporations.each do |corp|
      bundle = game.sellable_bundles(entity, corp).max_by(&:percent)
      found << base.merge('type' => 'sell_shares', 'shares' => bundle.shares.map(&:id), 'percent' => bundle.percent) if bundle
    end
  end
  if entity.player? && types.include?('buy_shares') && step.respond_to?(:can_buy?)
    pool = game.share_pool.shares.group_by(&:corporation).values
    ipo = game.corporations.select(&:ipoed).map { |c| c.shares.reject(&:president) }
    share = (pool + ipo).flat_map { |shares| shares.sort_by(&:percent).first(1) }
                        .find { |sh| step.can_buy?(entity, sh.to_bundle) }
    found << base.merge('type' => 'buy_shares', 'shares' => [share.id], 'percent' => share.percent) if share
  end
  found
end
branches_of = lambda do |k|
  return [] if BRANCH_EVERY.zero? || (k % BRANCH_EVERY).nonzero? || game.exception || game.finished

  entity = game.round.active_step&.current_entity
  return [] unless entity

  candidates.call(entity).map do |action|
    g = build.call(raw[0...k] + [action])
    { 'action' => action, 'state' => describe.call(g),
      'error' => g.exception && "#{g.exception.class}: #{g.exception.message[0, 200]}",
      'log' => g.log.to_a.last(8).map(&:message) }
  end
end
emit = lambda do |k, error|
  line = { 'k' => k, 'state' => describe.call(game), 'error' => error,
           'log' => game.log.to_a.last(8).map(&:message) }
  branches = branches_of.call(k)
  line['branches'] = branches unless branches.empty?
  puts JSON.generate(line)
end
emit.call(0, nil)
raw.each_with_index do |action, index|
  k = index + 1
  if %w[undo redo].include?(action['type'])
    game = build.call(raw[0...k])
  elsif game.exception.nil?
    game.instance_variable_set(:@loading, true) unless strict
    # Since the last undo/redo every action of the prefix is kept by the undo filter.
    game.process_action(action)
    game.raw_actions.last['id'] = action['id'] unless game.raw_actions.empty?
    game.instance_variable_set(:@loading, false)
  end
  error = game.exception && "#{game.exception.class}: #{game.exception.message[0, 200]}"
  emit.call(k, error)
end
