# frozen_string_literal: true

# scripts/bench-ruby-component runs this once per generated app: prints the CPU time of
# one render of a 6-tab NavigationComponent, same message object and a new one each time.
require 'json'
require ARGV.fetch(1)
app = ARGV.fetch(0)
Dir[File.join(app, 'app/models/**/*.rb')].each { |file| require file }
Dir[File.join(app, 'app/components/**/*.rb')].each { |file| require file }

ids = %w[home explore library inbox profile settings]
HASH = {
  'active' => 'home',
  'tabs' => ids.map { |id| { 'id' => id, 'title' => id.capitalize, 'icon' => id, 'path' => "/#{id}" } }
}.freeze
VIEW = ActionView::Base.empty
ROUNDS = 2000

def cpu_microseconds_per_render
  VIEW.render(yield) # warm up (template compiled once)
  start = Process.clock_gettime(Process::CLOCK_PROCESS_CPUTIME_ID)
  ROUNDS.times { VIEW.render(yield) }
  (Process.clock_gettime(Process::CLOCK_PROCESS_CPUTIME_ID) - start) * 1_000_000 / ROUNDS
end

message = Navigation::MessageData.from_h(HASH)
same = cpu_microseconds_per_render { NavigationComponent.new(message) }
fresh = cpu_microseconds_per_render { NavigationComponent.new(HASH) }
puts format('same message: %<same>7.1f us/render   new message: %<fresh>7.1f us/render', same:, fresh:)
