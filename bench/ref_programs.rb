# The reference engine's programmed (auto) actions in live play, one JSON line per action.
#
#   cd REFERENCE_ENGINE && ruby -Ishim PATH/TO/bench/ref_programs.rb GAME.json
#
# Starts the file's game with no actions and processes its actions one by one as the site does in live play
# (process_action with add_auto_actions: true, so every program is evaluated after each action).  Actions
# must not carry auto_actions (they are what is computed).  Prints {"i": index, "auto_actions": [...],
# "error": null or the message} per action; stops at the first refusal.  Driven by bench/program_check.py.
require 'json'
$stdout.sync = true
ROOT = File.expand_path(ENV['REFERENCE_ENGINE'] || Dir.pwd)
REF = File.join(ROOT, '18xx')
%w[debug deep_freeze jaro_winkler logger game/base].each { |f| require File.join(REF, 'lib/engine', f) }
LOGGER.level = Logger::FATAL
%w[g_1830 g_1889 g_18_chesapeake].each do |g|
  Dir.glob(File.join(REF, 'lib/engine/game', g, '**', '*.rb')).sort.each { |f| require f }
end
TITLES = { '1830' => Engine::Game::G1830::Game, '1889' => Engine::Game::G1889::Game,
           '18Chesapeake' => Engine::Game::G18Chesapeake::Game }.freeze

data = JSON.parse(File.read(ARGV[0]))
game = TITLES.fetch(data['title']).new(data['players'].map { |p| [p['id'] || p['name'], p['name']] }.to_h,
                                       id: data['id'], actions: [], strict: true,
                                       seed: data.dig('settings', 'seed'),
                                       optional_rules: (data.dig('settings', 'optional_rules') || []).map(&:to_sym))
data['actions'].each_with_index do |action, index|
  game.process_action(action, add_auto_actions: true)
  error = game.exception
  if error
    puts JSON.generate({ 'i' => index, 'auto_actions' => [], 'error' => error.message })
    break
  end
  autos = game.raw_actions.last['auto_actions'] || []
  puts JSON.generate({ 'i' => index, 'auto_actions' => autos.map { |a| a.except('created_at') }, 'error' => nil })
end
