# frozen_string_literal: true

# The conformance executor of the generated Ruby value objects (docs/conformance.md):
#   ruby executor.rb SUITE=MODELS_DIR:Module::Root ...
# loads each suite's app/models files into a module of its own (suites share module
# names), reads {"suite", "id", "payload"} lines and writes
# {"id", "decoded", "findings": [[code, severity, pointer, message]]}: from_json, then
# validate (Contract.validate for a root that is not a class, and for a text that is not an
# object; a contract that lists events names the event's data type there). A parse error is TG001;
# any other exception is {"id", "crash"}.
require 'json'

roots = ARGV.to_h do |argument|
  suite, spec = argument.split('=', 2)
  directory, constant = spec.split(':', 2)
  sandbox = Module.new
  files = Dir.glob(File.join(directory, '**', '*.rb'))
  # The shared runtime first: contract.rb and violation.rb name it as they load.
  first = files.select { |file| File.basename(file) == 'tabgen_runtime.rb' }
  first += files.select { |file| %w[contract.rb violation.rb].include?(File.basename(file)) }
  (first + (files - first).sort).each { |file| sandbox.module_eval(File.read(file), file) }
  namespace = constant.split('::')
  root = namespace.reduce(sandbox) { |scope, name| scope.const_get(name, false) }
  contract = sandbox.const_get(namespace.first, false).const_get(:Contract, false)
  # A contract that lists events validates by definition: Contract.validate(value, 'MenuData').
  # Its schema is its definitions alone (the events' data types), without a root form.
  schema = contract.const_get(:SCHEMA, false)
  lists_events = schema.keys == ['definitions'] && schema['definitions'].key?(namespace.last)
  definition = lists_events ? namespace.last : nil
  [suite, [root, contract, definition]]
end

out = []
$stdin.each_line do |line|
  envelope = JSON.parse(line)
  root, contract, definition = roots.fetch(envelope['suite'])
  answer =
    begin
      value = root.from_json(envelope['payload'])
      findings =
        if value.respond_to?(:validate)
          value.validate
        elsif definition
          contract.validate(value, definition)
        else
          contract.validate(value)
        end
      { id: envelope['id'], decoded: true, findings: findings.map { |v| [v.code, v.severity, v.pointer, v.message] } }
    rescue JSON::ParserError, JSON::NestingError => e
      { id: envelope['id'], decoded: false, findings: [['TG001', 'error', '', "not well-formed JSON: #{e.message}"]] }
    rescue StandardError, SystemStackError => e
      { id: envelope['id'], crash: "#{e.class}: #{e.message}"[0, 500] }
    end
  out << JSON.generate(answer)
  if out.size >= 256
    $stdout.write(out.join("\n"), "\n")
    out.clear
  end
end
$stdout.write(out.join("\n"), "\n") unless out.empty?
