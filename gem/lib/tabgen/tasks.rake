# frozen_string_literal: true

require 'tabgen/runner'

# Each task runs the tabgen binary from the app's root; the tabgen.yml there, or in the
# nearest parent folder (a monorepo's root), decides the schema and outputs, and
# "tabgen:check[--config,../tabgen.yml]" names another. Extra arguments go through as rake arguments:
#   bin/rails "tabgen:validate[--url,http://localhost:3000/]"
namespace :tabgen do
  desc 'Regenerate the outputs of tabgen.yml (tabgen emit)'
  task :emit do |_task, args|
    Tabgen::Runner.run!('emit', *args.extras)
  end

  desc 'Fail when a file tabgen generates is stale (tabgen check; for CI)'
  task :check do |_task, args|
    Tabgen::Runner.run!('check', *args.extras)
  end

  desc 'Validate rendered pages (default: tabgen validate --html tmp/pages/*.html)'
  task :validate do |_task, args|
    arguments = args.extras
    if arguments.empty?
      pages = Dir.glob('tmp/pages/*.html', base: Tabgen::Runner.root).sort
      if pages.empty?
        abort 'tabgen:validate: no page in tmp/pages/*.html; save pages there in your tests, or pass ' \
              'arguments: bin/rails "tabgen:validate[--url,http://localhost:3000/]"'
      end
      arguments = ['--html', *pages]
    end
    Tabgen::Runner.run!('validate', *arguments)
  end
end
