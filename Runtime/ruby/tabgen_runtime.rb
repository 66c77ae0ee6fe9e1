# frozen_string_literal: true

# tabgen:features strict
require 'json'

# The checks of `tabgen validate` on a payload parsed from JSON (string keys): RFC 8927
# validation, then the rules, with tabgen's codes and words; and the helpers the value
# objects build and take apart nested values with. One copy serves every contract of a
# project: each contract's `Contract` module holds its SCHEMA and RULES and extends (and
# includes, for the constants) this module, so `Navigation::Contract.check(payload)` checks
# against Navigation's schema.
#
# Written as ordinary Ruby and copied into generated code with the parts a project does not
# use left out (the `tabgen:` marker comments, Runtime/README.md).
module TabgenRuntime
  # A finding of `tabgen validate`: the same code, pointer and message.
  Violation = Struct.new(:code, :severity, :pointer, :message, keyword_init: true) do
    def error?
      severity == 'error'
    end

    # `tabgen validate`'s text format, without the file position.
    def to_s
      "#{severity}[#{code}] #{pointer.empty? ? '(root)' : pointer}: #{message}"
    end
  end

  # Stands for a member that the input lacked: `to_h` leaves it out, `validate` reports
  # a required one (TG012), and its reader returns nil.
  MISSING = Object.new.freeze

  # Stands for a null that the input gave an optional member whose schema takes no null
  # (`"deprecated": null`): its reader returns nil, as for an absent member (what the
  # shipped clients read), but `to_h` sends the null back as it came, so that `validate`
  # reports it (TG010, TG011) as `tabgen validate` does instead of hiding it.
  NULL = Object.new.freeze
  # tabgen:begin strict

  # What strict decoding (`ruby.decoding=strict`) raises on.
  class DecodingError < StandardError; end
  # tabgen:end strict

  # tabgen reads 512 levels of arrays and objects; Ruby's JSON stops at 100 by default.
  MAX_NESTING = 512

  INTEGER_RANGES = {
    'int8' => -128..127, 'uint8' => 0..255, 'int16' => -32_768..32_767, 'uint16' => 0..65_535,
    'int32' => -2_147_483_648..2_147_483_647, 'uint32' => 0..4_294_967_295
  }.freeze
  # The smallest magnitudes that round to Infinity (the greatest finite one plus half an
  # ulp) as a float32 and as a Float; and the limits as tabgen's TG010 names them.
  FLOAT32_BEYOND = (2.0**128) - (2.0**103)
  FLOAT64_BEYOND = (2**1024) - (2**970)
  FLOAT_LIMITS = { 'float32' => '3.4028235e+38', 'float64' => '1.7976931348623157e+308' }.freeze
  TIMESTAMP = /\A(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-](\d{2}):(\d{2}))\z/
  # An array index in a JSON pointer (RFC 6901): no sign, no leading zero, as tabgen validate.
  ARRAY_INDEX = /\A(?:0|[1-9]\d*)\z/
  URI_CHARACTER = %r{\A[A-Za-z0-9\-._~:/?#@!$&'()*+,;=%]\z}
  # TG021's words, as tabgen validate writes them.
  EMPTY_PATH = %("" is a relative reference to the start URL itself, but Swift's URL(string: "", relativeTo:) returns nil and the iOS reference app stops with fatalError; write "/" or "./")
  # TG022's words after the two values, as tabgen validate writes them.
  EQUIVALENT = " but has other Unicode scalars: Swift's String == takes them as equal, Kotlin, JavaScript and Ruby as different; send both in Unicode normalization form C (NFC)"
  # TG024's words after the two keys.
  EQUIVALENT_KEYS = " of the same object but has other Unicode scalars: Swift's JSONDecoder merges them into one member, Kotlin, JavaScript and Ruby keep both; send keys in Unicode normalization form C (NFC)"

  # A value the rule engine did not find (nil is JSON null).
  ABSENT = Object.new.freeze

  # Not module_function, whose instance methods are private: each contract extends this
  # module and calls its methods (`Navigation::Contract.check`) from outside.
  extend self # rubocop:disable Style/ModuleFunction

  # A value of a member, built from parsed JSON: hashes become the generated classes
  # (`type` is the class, or [:array, type] / [:map, type]); anything else is kept.
  def wrap(value, type)
    case type
    when nil then value
    when Array
      kind, inner = type
      if kind == :array && value.is_a?(Array) then value.map { |element| wrap(element, inner) }.freeze
      elsif kind == :map && value.is_a?(Hash) then value.to_h { |key, member| [key.to_s, wrap(member, inner)] }.freeze
      else
        value
      end
    else value.is_a?(Hash) ? type.from_h(value) : value
    end
  end

  # An optional member of `members` as decoding saw it: MISSING when absent, NULL when null.
  def fetch_optional(members, wire)
    return MISSING unless members.key?(wire)

    members[wire].nil? ? NULL : members[wire]
  end
  # tabgen:begin strict

  # Strict decoding: `value`, unless it decodes as the schema at `pointer` with a null
  # optional member, a nullable member missing or an unknown enum value (DecodingError).
  # Only the object's own members are looked at, down through arrays and maps: a nested
  # object is checked by its own class's from_h.
  def strict!(value, pointer, type)
    schema = parse_pointer(pointer).reduce(self::SCHEMA) { |inner, token| inner.fetch(token) }
    problem = strict_problem(value, schema, '', own: true)
    raise DecodingError, "strict decoding of #{type.name}: #{problem}" if problem

    value
  end

  def strict_problem(value, schema, pointer, own: false)
    schema = self::SCHEMA['definitions'].fetch(schema['ref']) while schema.key?('ref')
    if schema.key?('enum')
      if value.is_a?(String) && !schema['enum'].include?(value)
        "#{pointer.empty? ? '(root)' : pointer} is #{show(value)}, not one of #{schema['enum'].map { |name| quote(name) }.join(', ')}"
      end
    elsif schema.key?('elements') && value.is_a?(Array)
      value.each_with_index do |element, index|
        problem = strict_problem(element, schema['elements'], "#{pointer}/#{index}") and return problem
      end
      nil
    elsif schema.key?('values') && value.is_a?(Hash)
      value.each do |key, member|
        problem = strict_problem(member, schema['values'], "#{pointer}/#{escape_token(key.to_s)}") and return problem
      end
      nil
    elsif own && value.is_a?(Hash) && (schema.key?('properties') || schema.key?('optionalProperties'))
      strict_members(value, schema, pointer)
    end
  end

  def strict_members(value, schema, pointer)
    required = schema['properties'] || {}
    optional = schema['optionalProperties'] || {}
    required.each do |key, property|
      next if value.key?(key) || !nullable?(property)

      return "#{pointer.empty? ? '(root)' : pointer} lacks #{quote(key)}: a nullable member is sent as null, not left out"
    end
    value.each do |key, member|
      at = "#{pointer}/#{escape_token(key)}"
      property = required[key] || optional[key] or next
      if member.nil? && optional.key?(key) && !nullable?(property)
        return "#{at} is null: an optional member is left out, not sent as null"
      end

      problem = strict_problem(member, property, at) and return problem
    end
    nil
  end

  def nullable?(schema)
    schema['nullable'] || (schema.key?('ref') && nullable?(self::SCHEMA['definitions'].fetch(schema['ref']))) || false
  end
  # tabgen:end strict

  # JSON text as tabgen reads it: JSON::ParserError (TG001) on what JSON readers disagree
  # on and Ruby's JSON takes: bytes that are not UTF-8, a comment, an escape JSON lacks, a
  # key twice in one object, a lone surrogate escape.
  def parse(text)
    utf8 = text.encoding == Encoding::BINARY ? text.dup.force_encoding(Encoding::UTF_8) : text
    raise JSON::ParserError, 'invalid UTF-8 byte sequence' unless utf8.valid_encoding?

    comment_or_escape(text)
    lone_surrogate(text)
    with_number_texts(plain(JSON.parse(text, max_nesting: MAX_NESTING, object_class: UniqueKeys)), text)
  end

  # `value`, parsed from `text`, with each number read as Infinity (1E400) a BeyondFloat
  # of its text as written: messages show it so, as tabgen does, and it goes back so.
  # Numbers come in document order in both (a Hash keeps its keys' order); only a text
  # with a three-digit exponent or 309 digits in a row can hold one, and only it is scanned.
  def with_number_texts(value, text)
    return value unless text.match?(/\d[eE]\+?\d{3}|\d{309}/)

    numbers = text.scan(/"(?:[^"\\]|\\.)*"|-?\d[\d.eE+-]*/).reject { |token| token.start_with?('"') }
    infinities_as_written(value, numbers.each)
  end

  def infinities_as_written(value, numbers)
    case value
    when Hash then value.transform_values! { |member| infinities_as_written(member, numbers) }
    when Array then value.map! { |element| infinities_as_written(element, numbers) }
    when Numeric
      text = numbers.next
      value.is_a?(Float) && value.infinite? ? BeyondFloat.new(text) : value
    else value
    end
  end

  # A Hash that refuses a second value for a key: JSON.parse's `object_class` hook.
  class UniqueKeys < Hash
    def []=(key, value)
      if key?(key)
        raise JSON::ParserError, "duplicate object key #{TabgenRuntime.quote(key)}; " \
                                 'JSON readers disagree on which one wins, so tabgen rejects it'
      end

      super
    end
  end

  # `value` with every UniqueKeys made a Hash, so that callers may overwrite keys.
  def plain(value)
    case value
    when Hash then value.transform_values { |member| plain(member) }
    when Array then value.map! { |element| plain(element) }
    else value
    end
  end

  # Ruby's JSON reads "\ud800" in ways of its own (an error, "?", or a pair with the next
  # escape); tabgen rejects a high surrogate escape not followed by a low one, and a low
  # one alone. Escapes are scanned left to right, so "\\ud800" is a backslash and text;
  # the scan runs only when SUSPECT, which finds every lone surrogate (and some escaped
  # backslashes before one), matches: most texts have no escape or only pairs.
  def lone_surrogate(text)
    return unless text.include?('\u') && text.match?(SUSPECT)

    pending = nil
    text.scan(/\\(?:u(\h{4})|.)/m) do |(code)|
      match = Regexp.last_match
      unit = code&.hex
      if pending
        raise_lone_surrogate(pending[0]) unless unit&.between?(0xDC00, 0xDFFF) && match.begin(0) == pending[1]
        pending = nil
        next
      end
      next unless unit

      pending = [unit, match.end(0)] if unit.between?(0xD800, 0xDBFF)
      raise_lone_surrogate(unit) if unit.between?(0xDC00, 0xDFFF)
    end
    raise_lone_surrogate(pending[0]) if pending
  end

  # Ruby's JSON skips /* */ and // comments between tokens and reads "\x" as "x"; tabgen
  # (RFC 8259) has neither. One pass over the strings and what lies between them: a slash
  # outside a string, or a backslash inside one that does not start one of JSON's escapes,
  # stops it.
  def comment_or_escape(text)
    return unless text.include?('/') || text.include?('\\')

    text.scan(COMMENT_OR_ESCAPE) do |(bad_escape)|
      raise JSON::ParserError, 'invalid escape sequence in string' if bad_escape
      next unless Regexp.last_match[0] == '/'

      raise JSON::ParserError, "unexpected character '/'" unless value_before?(text[0, Regexp.last_match.begin(0)])

      raise JSON::ParserError, 'unexpected characters after the JSON value'
    end
  end

  # A string up to its closing quote, or to a backslash that starts no JSON escape (the
  # group), or the end of the text; or a slash.
  COMMENT_OR_ESCAPE = %r{"(?:[^"\\]+|\\["\\/bfnrt]|\\u\h{4})*(?:"|(\\))?|/}

  # Whether `prefix` (no comment in it) is a whole JSON value: then a slash after it is
  # after the value, as tabgen words it. Only on the way to an error.
  def value_before?(prefix)
    JSON.parse(prefix, max_nesting: MAX_NESTING)
    true
  rescue JSON::ParserError # NestingError too
    false
  end

  SUSPECT = /\\u[dD][89abAB]\h\h(?!\\u[dD][c-fC-F]\h\h)|(?<![^\\]\\u[dD][89abAB]\h\h)\\u[dD][c-fC-F]\h\h/

  def raise_lone_surrogate(unit)
    raise JSON::ParserError, "lone surrogate \\u#{hex(unit)} in string: it is not a Unicode scalar value"
  end

  # The JSON value (string keys) of a value that may hold generated objects.
  def dump(value)
    case value
    when Array then value.map { |element| dump(element) }
    when Hash then value.to_h { |key, member| [key.to_s, dump(member)] }
    else value.respond_to?(:tabgen_value) ? value.tabgen_value : value
    end
  end

  # What every generated value object shares (each class includes it through its
  # contract): the class declares its members (`member`, and `tagged`, `checked_by`,
  # `decoded_strictly` where they apply) and this module decodes, builds, reads, writes,
  # compares and checks it from that table. A value holds @members (wire name => value,
  # MISSING and NULL as they came), @extra (unknown members) and @cache.
  module ValueObject
    # A declared member: its reader, its name on the wire, whether it may be left out and
    # whether its schema takes null, and the type its nested values are built as (a lambda
    # returning a `wrap` type, called when a value is built: the classes it names may load
    # after this one).
    Member = Struct.new(:name, :wire, :optional, :nullable, :type) do
      # An optional member whose schema takes no null: nil leaves it out, and a null the
      # input gave is kept as NULL (`fetch_optional`).
      def omit_nil? = optional && !nullable

      # Its value in decoded members (wire names): MISSING when absent.
      def fetch(members)
        omit_nil? ? TabgenRuntime.fetch_optional(members, wire) : members.fetch(wire, MISSING)
      end

      # What the constructor takes when the keyword is not given.
      def default = nullable ? MISSING : nil

      def build(value) = TabgenRuntime.wrap(value, type&.call)

      # What its reader returns from a value's members: nil for an absent or null one.
      def read(members)
        value = members[wire]
        value.equal?(MISSING) || value.equal?(NULL) ? nil : value
      end
    end

    # What a class declares: the class itself (a subclass has its parent's declaration),
    # the table of its members in schema order, a variant's discriminator ([name, value]),
    # the contract and definition `validate` checks against, and the contract and schema
    # pointer of strict decoding.
    Declaration = Struct.new(:owner, :table, :tag, :check, :strict) do
      # Ruby's messages for a keyword constructor's arguments: positional ones, missing
      # required keywords, then unknown ones.
      def check_arguments(positional, given)
        required = table.reject(&:optional).map(&:name)
        unless positional.empty?
          wanted = required.empty? ? '' : "; required #{keywords(required, :to_s)}"
          raise ArgumentError, "wrong number of arguments (given #{positional.length}, expected 0#{wanted})"
        end
        missing = required - given.keys
        raise ArgumentError, "missing #{keywords(missing)}" unless missing.empty?

        unknown = given.keys - table.map(&:name)
        raise ArgumentError, "unknown #{keywords(unknown)}" unless unknown.empty?
      end

      # `keyword: :a` or `keywords: :a, :b` (`keywords: a, b` by :to_s), as Ruby lists them.
      def keywords(names, show = :inspect)
        "keyword#{'s' if names.length > 1}: #{names.map(&show).join(', ')}"
      end
    end

    def self.included(base)
      base.extend(ClassMethods)
    end

    # The declaration (private: the class body's) and decoding.
    module ClassMethods
      # The class's declaration; a subclass has its parent's.
      def declaration
        return superclass.declaration if superclass.respond_to?(:declaration)

        @declaration ||= Declaration.new(self, [])
      end

      # The members this class knows, on the wire, the discriminator last.
      def known_members
        declaration.table.map(&:wire) + [*declaration.tag&.first]
      end

      # Members by their names on the wire, symbol or string keys. Nothing is rejected: a
      # missing, null or mistyped member is kept as it came (readers return nil for an
      # absent or null one) so that `validate` reports it; but for what strict decoding
      # (`decoded_strictly`) refuses.
      def from_h(hash)
        members = hash.to_h.transform_keys(&:to_s)
        contract, pointer = declaration.strict
        members = contract.strict!(members, pointer, self) if contract
        given = declaration.table.to_h { |member| [member.name, member.fetch(members)] }
        new(**given, extra: members.except(*known_members))
      end

      # JSON text; null (or anything but an object) is returned as it is.
      def from_json(text)
        value = TabgenRuntime.parse(text)
        value.is_a?(Hash) ? from_h(value) : value
      end

      private

      # A member and its reader (`name`); `optional:` members may be left out of the
      # constructor, `nullable:` ones take null; `type:` as Member's.
      def member(name, wire, optional: false, nullable: false, type: nil)
        declared = Member.new(name, wire, optional, nullable, type).freeze
        declaration.table << declared
        define_method(name) { declared.read(@members) }
      end

      # A variant of a discriminated union: `to_h` writes the discriminator first.
      def tagged(name, value)
        declaration.tag = [name, value].freeze
      end

      # A message: `validate` and `valid?` check it against `contract` (its definition
      # `definition`, for a contract that lists events).
      def checked_by(contract, *definition)
        declaration.check = [contract, *definition].freeze
        include Message
      end
      # tabgen:begin strict

      # Strict decoding (`ruby.decoding=strict`) against the schema at `pointer`.
      def decoded_strictly(contract, pointer)
        declaration.strict = [contract, pointer].freeze
      end
      # tabgen:end strict
    end

    # What a message's class has besides: its findings.
    module Message
      # The findings of `tabgen validate` for this message as it goes over the wire,
      # computed once per object.
      def validate
        contract, *definition = self.class.declaration.check
        @cache[:violations] ||= contract.check(contract.read_back(to_json), *definition).freeze
      end

      def valid?
        validate.none?(&:error?)
      end
    end

    # The members as keywords (the declared readers' names), then `extra:`, unknown members
    # (string keys), kept and sent back as they came. Ruby's own ArgumentError for what a
    # keyword constructor would refuse.
    def initialize(*positional, extra: {}, **given)
      declaration = self.class.declaration
      declaration.check_arguments(positional, given)
      @members = declaration.table.to_h do |member|
        [member.wire, member.build(given.fetch(member.name) { member.default })]
      end.freeze
      @extra = extra.to_h.transform_keys(&:to_s).freeze
      # What is computed from the members once: the object is frozen, this cache is not.
      @cache = {}
      freeze
    end

    # Unknown members, string keys, kept and sent back as they came.
    attr_reader :extra

    # The JSON object: the discriminator of a variant, then members in schema order, absent
    # ones left out, unknown ones last.
    def to_h
      tag, tag_value = self.class.declaration.tag
      members = tag ? { tag => tag_value } : {}
      self.class.declaration.table.each do |member|
        value = @members[member.wire]
        next if value.equal?(MISSING) || (value.nil? && member.omit_nil?)

        members[member.wire] = value.equal?(NULL) ? nil : TabgenRuntime.dump(value)
      end
      members.merge(@extra)
    end

    # What `dump` writes for it: `to_h`.
    def tabgen_value = to_h

    # The JSON value, for ActiveSupport (`render json:`, `JSON.pretty_generate(x.as_json)`):
    # `to_h`, with a number beyond a Float's range (1E400 read as Infinity) written 1e400.
    def as_json(*)
      TabgenRuntime.jsonable(to_h)
    end

    # The JSON text of `as_json` (the standard library's generator, whatever ActiveSupport
    # does to #to_json elsewhere); inside JSON.generate, as its state asks.
    def to_json(*args)
      return as_json.to_json(*args) unless args.empty?

      @cache[:json] ||= JSON.generate(as_json, max_nesting: MAX_NESTING).freeze
    end

    # Equal to a value of the same generated class (or a subclass) with the same JSON object.
    def ==(other)
      other.is_a?(self.class.declaration.owner) && to_h == other.to_h
    end
    alias eql? ==

    def hash
      to_h.hash
    end
  end

  # What every generated ViewComponent shares: the invalid-message policy, the report of
  # a message with findings (ActiveSupport::Notifications and the log), and the element's
  # HTML attributes from the caller's keywords. A module the component includes, not a
  # ViewComponent::Base subclass, so that this file loads in apps without view_component.
  # The generated component declares itself (`bridge_component`); it has `message` and
  # `html_options`.
  module Component
    # What invalid data does: raise, or report it (ActiveSupport::Notifications and the
    # log) and render without the bridge element (:skip) or render anyway (:render).
    POLICIES = %i[raise skip render].freeze

    def self.included(base)
      base.extend(ClassMethods)
    end

    # The component class's policy.
    module ClassMethods
      attr_writer :invalid_message_policy

      # :raise in development and test; :skip elsewhere (staging, production), where the
      # page keeps its content and the native app gets nothing. Set it in an initializer
      # (`NavigationComponent.invalid_message_policy = :render`). A subclass takes its
      # parent's unless it sets its own.
      def invalid_message_policy
        inherited = superclass.invalid_message_policy if superclass.respond_to?(:invalid_message_policy)
        policy = @invalid_message_policy || inherited || default_policy
        return policy if POLICIES.include?(policy)

        raise ArgumentError, "#{name}.invalid_message_policy: #{policy.inspect} is not one of #{POLICIES.join(', ')}"
      end

      # The generated component's declaration, its constants: STIMULUS_IDENTIFIER (the
      # controller), BRIDGE_EVENT (an event component's event), where the data is in the
      # element (VALUE_ATTRIBUTE, the Stimulus value that holds it, or FIELD_ATTRIBUTES,
      # the attribute of each member the controller reads: the contract's fromElement),
      # EVENT (the ActiveSupport::Notifications event of data with findings) and
      # InvalidMessage (raised for invalid data under :raise); and `data_class`, the
      # block's value, which a Hash given is decoded as (a block, so that the data's class
      # may load after the component).
      def bridge_component(stimulus_identifier, notification:, event: nil, value_attribute: nil, field_attributes: nil, &data_class)
        const_set(:InvalidMessage, Class.new(StandardError))
        const_set(:STIMULUS_IDENTIFIER, stimulus_identifier)
        const_set(:BRIDGE_EVENT, event) if event
        const_set(:VALUE_ATTRIBUTE, value_attribute) if value_attribute
        const_set(:FIELD_ATTRIBUTES, field_attributes.freeze) if field_attributes
        const_set(:EVENT, notification)
        define_singleton_method(:data_class, &data_class)
      end

      private

      def default_policy
        environment = defined?(Rails.env) ? Rails.env.to_s : ENV['RAILS_ENV'] || ENV.fetch('RACK_ENV', 'development')
        %w[development test].include?(environment) ? :raise : :skip
      end
    end

    private

    # The data (a Hash, with symbol or string keys, decoded as the class's `data_class`) and
    # the caller's HTML attributes; an attribute the component owns raises ArgumentError
    # here, not when rendering.
    def adopt(message, options)
      data_class = self.class.data_class
      @message = message.is_a?(data_class) ? message : data_class.from_h(message)
      @html_options = options
      element_attributes
    end

    # The message checked as `tabgen validate` checks it: the class's InvalidMessage where
    # it is invalid and the policy is :raise, else its findings reported (`subject` names
    # it in the report). Whether the bridge element is rendered: not for invalid data
    # under :skip.
    def check_message(subject)
      violations = message.validate
      return true if violations.empty?

      invalid = violations.any?(&:error?)
      policy = self.class.invalid_message_policy
      report = "#{self.class.name}: #{subject} with findings:\n#{violations.join("\n")}"
      raise self.class::InvalidMessage, report if invalid && policy == :raise

      notify(violations, invalid ? :error : :warn, report)
      !invalid || policy == :render
    end

    # The element's attributes: the controller, the bridge data's attributes (the block's),
    # then the caller's (`data:` as ActionView's tag helper takes it). A `data-controller`
    # given is added to the controller (Stimulus takes several); the `owned` attributes
    # (which hold `what`) cannot be given.
    def bridge_attributes(owned, what)
      data = data_attributes
      given = data.keys.map { |name| "data-#{name}" } + other_attributes.keys
      taken = owned.find { |attribute| given.include?(attribute) }
      raise ArgumentError, "#{self.class.name}: #{taken} holds the #{what}; it cannot be given" if taken

      controllers = [self.class::STIMULUS_IDENTIFIER, *data.delete('controller').to_s.split].uniq.join(' ')
      { 'data-controller' => controllers, **yield, 'data' => data }.merge(other_attributes)
    end

    def other_attributes
      html_options.transform_keys(&:to_s).reject { |name, _| name == 'data' || name.start_with?('data-') }
    end

    # The caller's data attributes, `data: { a_b: 1 }` and `"data-a-b": 1` alike, by the
    # name after `data-`.
    def data_attributes
      data = {}
      html_options.each do |name, value|
        key = name.to_s
        if key == 'data' && value.respond_to?(:each_pair)
          value.each_pair { |data_name, data_value| data[data_name.to_s.tr('_', '-')] = data_value }
        elsif key.start_with?('data-')
          data[key.delete_prefix('data-')] = value
        end
      end
      data
    end

    def notify(violations, level, report)
      payload = { component: self.class.name, message:, violations:, level: }
      ActiveSupport::Notifications.instrument(self.class::EVENT, payload) if defined?(ActiveSupport::Notifications)
      logger = defined?(Rails.logger) ? Rails.logger : nil
      logger ? logger.public_send(level, report) : warn(report)
    end
  end

  # What the generated component of a contract's one message shares (a Component besides):
  # the message, rendered in a <nav>, and whether the <nav> is rendered.
  #
  #   <%= render NavigationComponent.new(message, class: "hidden") %>  # HTML attributes after it
  #   <%= render NavigationComponent.new(message_hash) %>               # symbol or string keys
  #   <%= render NavigationComponent.new(member: value, ...) %>         # the members as keywords
  #
  # A block becomes the content of the <nav>.
  module MessageComponent
    def self.included(base)
      base.include(Component)
    end

    attr_reader :message, :html_options

    # `message`: the data, or a Hash (symbol or string keys). With a message, every keyword
    # is an HTML attribute of the <nav>; without one, the keywords that name members of
    # the message are the message, the others HTML attributes.
    def initialize(message = nil, **options)
      super()
      if message.nil?
        known = self.class.data_class.known_members
        members, options = options.partition { |key, _| known.include?(key.to_s) }.map(&:to_h)
        message = members
      end
      adopt(message, options)
    end

    # Checked as `tabgen validate` checks it, once per message object (the value object is
    # frozen and keeps its findings), under the class's `invalid_message_policy`
    # (Component). The Stimulus controller checks it again before it sends, and refuses an
    # invalid one.
    def before_render
      @render = check_message('message')
    end

    def render?
      @render != false
    end

    # The attributes of the <nav> (Component#bridge_attributes).
    def nav_attributes
      value = self.class::VALUE_ATTRIBUTE
      bridge_attributes([value], 'message') { { value => message.to_json } }
    end

    alias element_attributes nav_attributes
  end

  # What every generated component of one event of a contract shares (a Component besides):
  # the data and the element it is rendered in, and whether that element is rendered.
  #
  #   <%= render Menu::DisplayComponent.new(data) do %>...<% end %>
  #   <%= render Menu::DisplayComponent.new(data, tag: :form, class: "x") do %>...<% end %>
  #
  # The block is the element's content: the page's own markup (the controller's targets).
  module EventComponent
    def self.included(base)
      base.include(Component)
    end

    attr_reader :message, :tag_name, :html_options

    # `message`: the data, or a Hash (symbol or string keys). `tag`: the element (a <div>
    # unless given); every other keyword is an HTML attribute of it. The data's members are
    # not keywords: a member may be called like an attribute (`title`).
    def initialize(message, tag: :div, **options)
      super()
      @tag_name = tag
      adopt(message, options)
    end

    # Checked as `tabgen validate --contract C --event E` checks it, once per message object
    # (the value object is frozen and keeps its findings), under the class's
    # `invalid_message_policy` (Component).
    def before_render
      @bridge = check_message("#{self.class::BRIDGE_EVENT} data")
    end

    # Whether the bridge element is rendered around the content.
    def bridge?
      @bridge != false
    end

    # The element's attributes: the controller and the data (its value, or each member in
    # its FIELD_ATTRIBUTES attribute), then the caller's (Component#bridge_attributes).
    def element_attributes
      what = "#{self.class::BRIDGE_EVENT} data"
      if self.class.const_defined?(:FIELD_ATTRIBUTES)
        bridge_attributes(self.class::FIELD_ATTRIBUTES.values, what) { field_attributes }
      else
        value = self.class::VALUE_ATTRIBUTE
        bridge_attributes([value], what) { { value => message.to_json } }
      end
    end

    private

    # Each member of the data in its attribute, where the controller reads it; none for a
    # member the data does not have.
    def field_attributes
      members = message.to_h
      self.class::FIELD_ATTRIBUTES.filter_map do |field, attribute|
        [attribute, members[field]] unless members[field].nil?
      end.to_h
    end
  end

  # A JSON number that a Float cannot hold: tabgen (and Swift, Kotlin, JavaScript) reads
  # 1E400 as Infinity, and Ruby's generator refuses Infinity, so it is written as it came
  # (an Infinity made in Ruby as 1e400), which every one of them reads back as the same value.
  class BeyondFloat < Numeric
    def initialize(text)
      super()
      @text = text
      freeze
    end

    def to_json(*) = @text
    def to_s = @text
    def as_json(*) = self
    # The Float tabgen reads it as, and equality as tabgen's: Infinity is Infinity.
    def to_f = @text.start_with?('-') ? -Float::INFINITY : Float::INFINITY
    def ==(other) = other.is_a?(Numeric) && TabgenRuntime.to_float(other).infinite? == to_f.infinite?
  end

  # `value` (parsed JSON, or what `dump` returns) with every infinite Float written as
  # tabgen reads it back.
  def jsonable(value)
    case value
    when Array then value.map { |element| jsonable(element) }
    when Hash then value.transform_values { |member| jsonable(member) }
    when Float then value.infinite? ? BeyondFloat.new(value.to_s.sub('Infinity', '1e400')) : value
    else value
    end
  end

  # `value` as tabgen reads it: written out and read back.
  def reread(value)
    read_back(JSON.generate(jsonable(dump(value)), max_nesting: MAX_NESTING))
  end

  # JSON text written here, read back with numbers beyond a Float as written.
  def read_back(text)
    with_number_texts(JSON.parse(text, max_nesting: MAX_NESTING), text)
  end

  # The findings of `tabgen validate` for any value of the schema's root type or, for a
  # contract that lists events, of an event's data type, named by its definition ('MenuData').
  def validate(value, definition = nil)
    check(reread(value), definition)
  end

  # Violations of `payload` (parsed JSON: string keys), schema first, then rules: as the
  # schema's root, or as the data of an event whose type is `definition`.
  def check(payload, definition = nil)
    violations = []
    schema = definition ? self::SCHEMA['definitions'].fetch(definition) : self::SCHEMA
    check_schema(payload, schema, '', nil, violations)
    equivalent_keys(payload, '', violations)
    self::RULES.each do |rule|
      next unless rule['definition'] == definition

      evaluate(rule, payload, violations) if (rule['when'] || []).all? { |condition| holds?(condition, payload) }
    end
    violations
  end

  # TG024: a key canonically equivalent to an earlier key of its object but not the same
  # scalars. Ruby keeps both (as Kotlin and JavaScript do); Swift's JSONDecoder keys by
  # String, whose == is canonical equivalence, and keeps one: the apps would see different data.
  def equivalent_keys(value, pointer, out)
    case value
    when Array
      value.each_with_index { |element, index| equivalent_keys(element, "#{pointer}/#{index}", out) }
    when Hash
      # Only an object with a non-ASCII key can hold two ("K" and U+212A KELVIN SIGN).
      firsts = value.each_key.all?(&:ascii_only?) ? nil : {}
      value.each do |key, member|
        at = "#{pointer}/#{escape_token(key)}"
        if firsts
          first = firsts[nfc(key)]
          if first
            out << Violation.new(code: 'TG024', severity: 'error', pointer: at,
                                 message: "key #{show(key)} is canonically equivalent to the key #{show(first)}#{EQUIVALENT_KEYS}")
          else
            firsts[nfc(key)] = key
          end
        end
        equivalent_keys(member, at, out)
      end
    end
  end

  # RFC 8927 section 3, as tabgen words its error indicators.
  def check_schema(value, schema, pointer, parent_tag, out)
    return if schema['nullable'] && value.nil?

    report = ->(code, at, message) { out << Violation.new(code:, severity: 'error', pointer: at, message:) }
    if schema.key?('ref')
      check_schema(value, self::SCHEMA['definitions'].fetch(schema['ref']), pointer, nil, out)
    elsif schema.key?('type')
      found = "expected #{describe_type(schema['type'], value)}, found #{kind_and_value(value)}"
      report.call('TG010', pointer, found) unless type?(value, schema['type'])
    elsif schema.key?('enum')
      unless schema['enum'].include?(value)
        report.call('TG011', pointer, "#{show(value)} is not one of #{allowed(schema['enum'])}")
      end
    elsif schema.key?('elements')
      unless value.is_a?(Array)
        return report.call('TG014', pointer, "expected an array, found #{kind_and_value(value)}")
      end

      value.each_with_index { |element, index| check_schema(element, schema['elements'], "#{pointer}/#{index}", nil, out) }
    elsif schema.key?('values')
      unless value.is_a?(Hash)
        return report.call('TG014', pointer, "expected an object, found #{kind_and_value(value)}")
      end

      value.each { |key, member| check_schema(member, schema['values'], "#{pointer}/#{escape_token(key)}", nil, out) }
    elsif schema.key?('discriminator')
      check_discriminator(value, schema, pointer, out, report)
    elsif schema.key?('properties') || schema.key?('optionalProperties')
      check_properties(value, schema, pointer, parent_tag, out, report)
    end
  end

  def check_discriminator(value, schema, pointer, out, report)
    tag = schema['discriminator']
    return report.call('TG014', pointer, "expected an object, found #{kind_and_value(value)}") unless value.is_a?(Hash)
    return report.call('TG015', pointer, "missing discriminator property #{quote(tag)}") unless value.key?(tag)

    at = "#{pointer}/#{escape_token(tag)}"
    tag_value = value[tag]
    unless tag_value.is_a?(String)
      return report.call('TG015', at, "discriminator #{quote(tag)} must be a string, found #{kind_and_value(tag_value)}")
    end

    variant = schema['mapping'][tag_value]
    return check_schema(value, variant, pointer, tag, out) if variant

    report.call('TG015', at, "#{show(tag_value)} is not one of the #{quote(tag)} values #{allowed(schema['mapping'].keys)}")
  end

  def check_properties(value, schema, pointer, parent_tag, out, report)
    return report.call('TG014', pointer, "expected an object, found #{kind_and_value(value)}") unless value.is_a?(Hash)

    required = schema['properties'] || {}
    optional = schema['optionalProperties'] || {}
    value.each do |key, member|
      property = required[key] || optional[key]
      if property
        check_schema(member, property, "#{pointer}/#{escape_token(key)}", nil, out)
      elsif !schema['additionalProperties'] && key != parent_tag
        report.call('TG013', "#{pointer}/#{escape_token(key)}", "property #{quote(key)} is not allowed here " \
                                                                '(the schema does not list it and does not allow additional properties)')
      end
    end
    required.each_key do |key|
      report.call('TG012', pointer, "missing required property #{quote(key)}") unless value.key?(key)
    end
  end

  def type?(value, type)
    case type
    when 'boolean' then [true, false].include?(value)
    when 'string' then value.is_a?(String)
    when 'timestamp' then value.is_a?(String) && timestamp?(value)
    when 'float32' then value.is_a?(Numeric) && to_float(value).abs < FLOAT32_BEYOND
    when 'float64' then value.is_a?(Numeric) && to_float(value).finite?
    else integer?(value) && INTEGER_RANGES.fetch(type).cover?(value)
    end
  end

  # tabgen reads every number as a Float: 1E400 (or 401 digits) is Infinity, which no
  # integer type takes either.
  def integer?(value)
    value.is_a?(Numeric) && to_float(value).finite? && value == value.truncate
  end

  # The Float tabgen reads `number` as: JSON.parse keeps 1 followed by 400 zeros an
  # Integer, whose to_f warns (ruby -w) before it gives Infinity.
  def to_float(number)
    return number.to_f unless number.is_a?(Integer) && number.abs >= FLOAT64_BEYOND

    number.negative? ? -Float::INFINITY : Float::INFINITY
  end

  def describe_type(type, value)
    case type
    when 'boolean' then 'a boolean'
    when 'string' then 'a string'
    when 'timestamp' then 'an RFC 3339 timestamp string'
    when 'float32', 'float64'
      value.is_a?(Numeric) ? "a number within the range of #{type} (±#{FLOAT_LIMITS[type]})" : 'a number'
    else "#{type} (an integer from #{INTEGER_RANGES[type].min} to #{INTEGER_RANGES[type].max})"
    end
  end

  # RFC 3339 date-time, leap seconds included.
  def timestamp?(text)
    match = TIMESTAMP.match(text) or return false
    year, month, day, hour, minute, second = match.captures.first(6).map(&:to_i)
    offset_ok = match[9].nil? || (match[9].to_i <= 23 && match[10].to_i <= 59)
    (1..12).cover?(month) && day.between?(1, days_in_month(year, month)) &&
      hour <= 23 && minute <= 59 && second <= 60 && offset_ok
  end

  def days_in_month(year, month)
    case month
    when 2 then (year % 4).zero? && (year % 100 != 0 || (year % 400).zero?) ? 29 : 28
    when 4, 6, 9, 11 then 30
    else 31
    end
  end

  # The rules, evaluated as tabgen's rule engine does.
  def evaluate(rule, payload, out)
    report = lambda do |path, value, reason, count = nil|
      pointer = to_pointer(path)
      message = rule['message'].gsub(/\{(value|reason|count|pointer)\}/) do
        case Regexp.last_match(1)
        when 'value' then value.equal?(ABSENT) ? '(absent)' : show(value)
        when 'reason' then reason
        when 'count' then count.to_s
        else pointer
        end
      end
      out << Violation.new(code: rule['code'], severity: rule['severity'], pointer:, message:)
    end
    # A kind may also warn under codes of its own (TG020, TG021): it yields those.
    send(:"evaluate_#{rule['kind'].gsub(/([A-Z])/) { "_#{Regexp.last_match(1).downcase}" }}", rule, payload, report) do |path, code, message|
      out << Violation.new(code:, severity: 'warning', pointer: to_pointer(path), message:)
    end
  end

  def evaluate_count(rule, payload, report)
    matches(rule['path'], payload).each do |path, value|
      entries = value.is_a?(Hash) ? value.values : value
      next unless entries.is_a?(Array)

      # With `where`, only the entries on which every condition holds count.
      where = rule.fetch('where', [])
      entries = entries.select { |entry| where.all? { |condition| holds?(condition, entry) } }
      count = entries.length
      noun = count == 1 ? '1 entry' : "#{count} entries"
      noun += " where #{where.map { |condition| describe_condition(condition) }.join(' and ')}" unless where.empty?
      if rule['distinct']
        count = distinct_count(entries, rule['distinct'])
        noun += " but #{count} distinct #{describe_path(rule['distinct'])}" if count != entries.length
      end
      reason = count_reason(rule, count, noun)
      report.call(path, value, reason, count) if reason
    end
  end

  def count_reason(rule, count, noun)
    if rule.fetch('forbidden', []).include?(count) then "it has #{noun}"
    elsif rule['min'] && count < rule['min'] then "it has #{noun}, fewer than #{rule['min']}"
    elsif rule['max'] && count > rule['max'] then "it has #{noun}, more than #{rule['max']}"
    end
  end

  def evaluate_unique(rule, payload, report)
    seen = []
    equivalents = {} # NFC → the first string of that form and its path (TG022)
    matches(rule['path'], payload).each do |path, value|
      next if value.nil? # null is no value: two are no duplicate

      first = seen.find { |_, other| json_equal?(other, value) }
      next report.call(path, value, "#{show(value)} is also at #{to_pointer(first[0])}") if first

      seen << [path, value]
      next unless value.is_a?(String)

      equivalent = equivalents[nfc(value)] ||= [path, value]
      next if equivalent[0].equal?(path)

      yield(path, 'TG022', equivalence(value, equivalent[1], " at #{to_pointer(equivalent[0])}"))
    end
  end

  def evaluate_reference(rule, payload, report)
    where = rule.fetch('targetWhere', [])
    keys = []
    unfiltered = []
    equivalents = {} # NFC of a qualifying key → the first such key (TG022)
    target_count = 0
    matches(rule['targets'], payload).each do |_, target|
      qualifies = where.all? { |condition| holds?(condition, target) }
      target_count += 1 if qualifies
      matches(rule['key'], target).each do |_, key|
        keys << key if qualifies
        unfiltered << key
        equivalents[nfc(key)] ||= key if qualifies && key.is_a?(String)
      end
    end
    conditions = where.map { |condition| describe_condition(condition) }.join(' and ')
    targets = describe_path(rule['targets'])
    wanted = targets + describe_path(rule['key']) + (conditions.empty? ? '' : " where #{conditions}")
    found = matches(rule['path'], payload)
    found.each do |path, value|
      if value.nil?
        if rule['required'] && target_count.positive?
          report.call(path, value, "it is null, but it must name one of #{wanted}")
        end
      elsif keys.none? { |key| json_equal?(key, value) }
        reason = "#{show(value)} matches no #{wanted}"
        if !conditions.empty? && unfiltered.any? { |key| json_equal?(key, value) }
          reason = "#{show(value)} names an entry of #{targets} that does not satisfy #{conditions}"
        end
        report.call(path, value, reason)
        equivalent = value.is_a?(String) && equivalents[nfc(value)]
        yield(path, 'TG022', equivalence(value, equivalent, ", a value of #{wanted},")) if equivalent
      end
    end
    tokens = parse_pointer(rule['path'])
    return unless rule['required'] && found.empty? && !tokens.include?('*') && target_count.positive?

    report.call(tokens, ABSENT, "it is absent, but it must name one of #{wanted}")
  end

  def evaluate_relative_reference(rule, payload, report)
    matches(rule['path'], payload).each do |path, value|
      next unless value.is_a?(String)

      problem = relative_reference_problem(value, allow_authority: rule['allowAuthority'])
      if problem
        report.call(path, value, problem)
      else
        warning = relative_reference_warning(value, allow_authority: rule['allowAuthority'])
        yield(path, *warning) if warning
      end
    end
  end

  def evaluate_equals(rule, payload, report)
    matches(rule['path'], payload).each do |path, value|
      next if json_equal?(value, rule['value'])

      report.call(path, value, "it is #{show(value)}, expected #{show(rule['value'])}")
    end
  end

  # Unicode's White_Space property, as tabgen validate reads it (String#strip takes ASCII only).
  WHITE_SPACE_ONLY = /\A[\u0009-\u000D\u0020\u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+\z/

  # Blank: empty, or only white space (a label shows as nothing).
  def evaluate_non_empty(rule, payload, report)
    matches(rule['path'], payload).each do |path, value|
      next unless value.is_a?(String)

      if value.empty? then report.call(path, value, 'it is empty')
      elsif WHITE_SPACE_ONLY.match?(value) then report.call(path, value, 'it has only white space')
      end
    end
  end

  def holds?(condition, base)
    found = matches(condition['path'], base).first
    value = found ? found[1] : ABSENT
    if condition.key?('present') then (!value.equal?(ABSENT) && !value.nil?) == condition['present']
    elsif condition.key?('count')
      return false unless value.is_a?(Array) || value.is_a?(Hash)

      value.length.between?(condition['count'].fetch('min', 0), condition['count'].fetch('max', Float::INFINITY))
    else
      !value.equal?(ABSENT) && json_equal?(value, condition['equals'])
    end
  end

  def describe_condition(condition)
    path = describe_path(condition['path'])
    if condition.key?('present') then condition['present'] ? "#{path} is present" : "#{path} is absent or null"
    elsif condition.key?('count') then "#{path} has #{condition['count'].fetch('min', 0)}...#{condition['count']['max']} entries"
    else
      "#{path} is #{show(condition['equals'])}"
    end
  end

  # Entries count once per distinct value at `key`; entries without one count alone.
  def distinct_count(entries, key)
    seen = []
    entries.count do |entry|
      found = matches(key, entry).first
      next true unless found
      next false if seen.any? { |other| json_equal?(other, found[1]) }

      seen << found[1]
    end
  end

  # Path patterns: JSON pointers in which a "*" token matches every element or member.
  def matches(pattern, root)
    found = []
    walk = lambda do |tokens, value, path|
      token, *rest = tokens
      if tokens.empty? then found << [path, value]
      elsif token == '*'
        value.each_with_index { |element, index| walk.call(rest, element, path + [index.to_s]) } if value.is_a?(Array)
        value.each { |key, member| walk.call(rest, member, path + [key]) } if value.is_a?(Hash)
      elsif value.is_a?(Hash) && value.key?(token) then walk.call(rest, value[token], path + [token])
      elsif value.is_a?(Array) && token.match?(ARRAY_INDEX) && token.to_i < value.length
        walk.call(rest, value[token.to_i], path + [token.to_i.to_s])
      end
    end
    walk.call(parse_pointer(pattern), root, [])
    found
  end

  def parse_pointer(pointer)
    pointer.empty? ? [] : pointer[1..].split('/', -1).map { |token| token.gsub('~1', '/').gsub('~0', '~') }
  end

  def escape_token(token)
    token.gsub('~', '~0').gsub('/', '~1')
  end

  def to_pointer(path)
    path.map { |token| "/#{escape_token(token)}" }.join
  end

  def describe_path(pattern)
    to_pointer(parse_pointer(pattern))
  end

  # RFC 3986 section 4.2 relative-ref, with the dangerous cases (a scheme, an authority)
  # named in words. Positions count Unicode scalar values, as tabgen does.
  def relative_reference_problem(text, allow_authority: false)
    characters = text.chars
    path_end = characters.index { |character| ['?', '#'].include?(character) } || characters.length
    hierarchical = characters[0...path_end]
    first_segment = hierarchical.take_while { |character| character != '/' }
    if (colon = first_segment.index(':'))
      candidate = first_segment[0...colon].join
      return "it has scheme #{quote(candidate)}" if candidate.match?(/\A[A-Za-z][A-Za-z0-9+.-]*\z/)
    end
    authority = hierarchical[0] == '/' && hierarchical[1] == '/'
    authority_end = authority ? (2...path_end).find { |index| hierarchical[index] == '/' } || path_end : 0
    characters.each_with_index do |character, offset|
      next if character.match?(URI_CHARACTER) || (offset < authority_end && ['[', ']'].include?(character))

      return "it contains #{describe_character(character)} at character #{offset + 1}, which must be percent-encoded"
    end
    index = 0
    while index < characters.length
      if characters[index] == '%'
        escape = characters[index + 1, 2].join
        return "it has a malformed percent-encoding at character #{index + 1}" unless escape.match?(/\A\h\h\z/)

        index += 2
      end
      index += 1
    end
    if authority && !allow_authority
      host = quote(characters[2...authority_end].join)
      return "it has authority #{host}: a network-path reference leaves the app's origin"
    end
    if !authority && first_segment.include?(':')
      return %(its first path segment contains ":", which reads as a scheme; write "./" before it)
    end
    return %(it contains a second "#", which must be percent-encoded) if characters.count('#') > 1

    nil
  end

  # TG021 and TG020 (code and message), the warnings tabgen gives a relative reference
  # without a problem: an empty one and one whose path resolves to "//host".
  def relative_reference_warning(text, allow_authority: false)
    return ['TG021', EMPTY_PATH] if text.empty?
    return if allow_authority

    resolved = network_path_resolution(text)
    return unless resolved

    host = resolved[2..].split('/', 2).first.to_s
    ['TG020', "#{quote(text)} resolves to the path #{quote(resolved)}, which reads as the host #{quote(host)} wherever it is resolved again; remove the empty segment"]
  end

  # The path text resolves to against a base path of "/" (RFC 3986 section 5.2, "%2e"
  # counted as a dot, as browsers do) when it starts with "//"; nil otherwise.
  def network_path_resolution(text)
    path = text[/\A[^?#]*/]
    return unless path.include?('//')

    segments = (path.start_with?('/') ? path : "/#{path}").split('/', -1).drop(1)
    output = []
    segments.each_with_index do |segment, index|
      dots = segment.gsub(/%2e/i, '.')
      output.pop if dots == '..'
      if ['.', '..'].include?(dots)
        output << '' if index == segments.length - 1
      else
        output << segment
      end
    end
    resolved = "/#{output.join('/')}"
    resolved if resolved.start_with?('//')
  end

  def describe_character(character)
    scalar = character.ord
    case character
    when ' ' then 'a space'
    when '\\' then %(a backslash (browsers read it as "/"))
    else
      scalar < 0x20 || scalar == 0x7F ? "control character U+#{hex(scalar)}" : "#{quote(character)} (U+#{hex(scalar)})"
    end
  end

  # JSON equality as tabgen's: objects as unordered members, strings by Unicode scalars
  # (String#== on UTF-8; "caf\u00e9" and "cafe\u0301" differ, as K and U+212A do).
  def json_equal?(left, right)
    case left
    when String then right.is_a?(String) && left == right
    when Array
      right.is_a?(Array) && left.length == right.length && left.zip(right).all? { |pair| json_equal?(*pair) }
    when Hash
      right.is_a?(Hash) && left.length == right.length &&
        left.all? { |key, member| right.key?(key) && json_equal?(member, right[key]) }
    when Numeric then right.is_a?(Numeric) && left == right
    else left.equal?(right)
    end
  end

  # The allowed values a message lists, as tabgen validate lists them: the first 20,
  # then how many more.
  def allowed(names)
    listed = names.first(20).map { |name| quote(name) }.join(', ')
    names.length > 20 ? "#{listed} and #{names.length - 20} more" : listed
  end

  def kind_and_value(value)
    return 'null' if value.nil?
    return 'a number beyond the range of float64' if value.is_a?(Numeric) && !to_float(value).finite?

    "#{json_kind(value)} #{show(value)}"
  end

  def json_kind(value)
    case value
    when true, false then 'boolean'
    when Numeric then 'number'
    when String then 'string'
    when Array then 'array'
    else 'object'
    end
  end

  # The NFC form of a string; the string itself when it is not valid UTF-8, where
  # unicode_normalize would raise.
  def nfc(text)
    text.encoding == Encoding::UTF_8 && text.valid_encoding? ? text.unicode_normalize(:nfc) : text
  end

  # TG022: a string canonically equivalent to another but not the same scalars. An iOS
  # client compares with Swift's String ==, which takes them as equal; Ruby does not.
  def equivalence(value, other, place)
    "#{show(value)} is canonically equivalent to #{show(other)}#{place}#{EQUIVALENT}"
  end

  # JSON text, cut short so that a hostile payload cannot flood a log.
  def show(value)
    text = write_json(value)
    text.length > 120 ? "#{text[0, 117]}..." : text
  end

  def write_json(value)
    case value
    when String then quote(value)
    when Float then format_number(value)
    # Beyond a Float's range, a BeyondFloat or an Integer is shown as written.
    when Numeric then to_float(value).finite? ? format_number(value) : value.to_s
    when Array then "[#{value.map { |element| write_json(element) }.join(',')}]"
    when Hash then "{#{value.map { |key, member| "#{quote(key)}:#{write_json(member)}" }.join(',')}}"
    when nil then 'null'
    else value.to_s
    end
  end

  ESCAPES = { '"' => '\"', '\\' => '\\\\', "\n" => '\n', "\r" => '\r', "\t" => '\t', "\b" => '\b', "\f" => '\f' }.freeze

  def quote(text)
    escaped = text.gsub(/["\\\u0000-\u001f\u007f\u2028\u2029]/) { |c| ESCAPES.fetch(c) { format('\u%04x', c.ord) } }
    %("#{escaped}")
  end

  # Swift's formatting of a Double: integers plain, exponents above 2^53 and below 1e-4.
  def format_number(number)
    float = to_float(number)
    return 'null' unless float.finite?
    return float.to_i.to_s if float == float.round && float.abs < 1e15

    digits, exponent = shortest_digits(float.abs)
    sign = float.negative? ? '-' : ''
    if float.abs > 2**53 || float.abs < 1e-4
      mantissa = digits.length > 1 ? "#{digits[0]}.#{digits[1..]}" : digits
      return "#{sign}#{mantissa}e#{exponent.negative? ? '-' : '+'}#{exponent.abs.to_s.rjust(2, '0')}"
    end
    return "#{sign}0.#{'0' * (-exponent - 1)}#{digits}" if exponent.negative?

    whole = digits[0..exponent].ljust(exponent + 1, '0')
    fraction = digits[(exponent + 1)..]
    "#{sign}#{whole}.#{fraction.nil? || fraction.empty? ? '0' : fraction}"
  end

  # The shortest round-trip digits of a positive float, and its decimal exponent.
  def shortest_digits(float)
    mantissa, exponent = float.to_s.split('e')
    whole, fraction = mantissa.split('.')
    all = whole + fraction.to_s
    leading = all[/\A0*/].length
    digits = all[leading..].sub(/0+\z/, '')
    [digits.empty? ? '0' : digits, whole.length + exponent.to_i - leading - 1]
  end

  def hex(value)
    value.to_s(16).upcase.rjust(4, '0')
  end
end
