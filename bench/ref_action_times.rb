# The reference engine's CPU time per applied action, for bench/action_types.py.
#
#   cd REFERENCE_ENGINE && ruby [--yjit] -Ishim PATH/TO/bench/ref_action_times.rb
#
# Reads one game file path per line on standard input; for each, replays the file as the site loads it
# (Game.new with the file's actions) and prints one JSON line: {"file": path, "actions": [[type, cpu
# seconds], ...] in applied order, "error": null or the message}.  The time of each action is the
# process CPU time of its top-level process_action (auto actions included).  Stays up until the input ends,
# so the engine is warm after the first games.
require 'json'
require 'set'
$stdout.sync = true
ROOT = File.expand_path(ENV['REFERENCE_ENGINE'] || Dir.pwd)
REF = File.join(ROOT, '18xx')
$LOAD_PATH.unshift File.join(ROOT, 'shim')
require File.join(REF, 'lib/engine')
LOGGER.level = Logger::FATAL

# Times every top-level process_action of a game.
module ActionTimer
  attr_accessor :bench_times

  def process_action(action, **kwargs)
    return super if @bench_depth.to_i.positive? || @bench_times.nil?

    @bench_depth = 1
    type = action.is_a?(Hash) ? action['type'] : action.type
    start = Process.clock_gettime(Process::CLOCK_PROCESS_CPUTIME_ID)
    begin
      super
    ensure
      @bench_times << [type, Process.clock_gettime(Process::CLOCK_PROCESS_CPUTIME_ID) - start]
      @bench_depth = 0
    end
  end
end
Engine::Game::Base.prepend(ActionTimer)

# Starts recording before the constructor replays the actions.
module TimerInit
  def initialize(*args, **kwargs)
    @bench_times = []
    super
  end
end
Engine::Game::Base.prepend(TimerInit)

$stdin.each_line do |line|
  file = line.strip
  next if file.empty?

  out = { 'file' => file }
  begin
    data = JSON.parse(File.read(file))
    klass = Engine.game_by_title(data['title']) or raise "unknown title #{data['title']}"
    game = klass.new(data['players'].map { |p| [p['id'] || p['name'], p['name']] }.to_h, id: data['id'],
                     actions: data['actions'],
                     optional_rules: (data.dig('settings', 'optional_rules') || []).map(&:to_sym),
                     seed: data.dig('settings', 'seed'))
    out['actions'] = game.bench_times
    out['error'] = game.exception && game.exception.message[0, 200]
  rescue StandardError => e
    out['actions'] = []
    out['error'] = "#{e.class}: #{e.message[0, 200]}"
  end
  puts JSON.generate(out)
end
