# frozen_string_literal: true

require_relative 'test_helper'

# The value objects and their checks, against what `tabgen validate` reports.
class MessageDataTest < Minitest::Test
  # JSON.parse is not tabgen's reader: duplicate keys, lone surrogates and the other
  # TG001 cases are for tabgen and the TypeScript controller to find (see the README).
  TabgenCases = TestHelper.cases.reject { |c| c['findings'].any? { |finding| finding['code'] == 'TG001' } }

  TabgenCases.each do |c|
    define_method("test_contract_reports_what_tabgen_reports: #{c['name']}") do
      payload = JSON.parse(c['payload'], max_nesting: Navigation::Contract::MAX_NESTING)
      actual = Navigation::Contract.check(payload).map { |violation| violation.to_h.transform_keys(&:to_s) }
      # Order-free: by each finding's members sorted by name (tabgen lists severity first).
      assert_equal c['findings'].sort_by(&:sort), actual.sort_by(&:sort)
    end
  end

  TestHelper.valid_cases.each do |c|
    define_method("test_round_trip: #{c['name']}") do
      message = Navigation::MessageData.from_json(c['payload'])
      depth = Navigation::Contract::MAX_NESTING
      assert_equal JSON.parse(c['payload'], max_nesting: depth), JSON.parse(message.to_json, max_nesting: depth)
      assert message.valid?
    end
  end

  def test_symbol_or_string_keys_in_canonical_json_out
    from_symbols = Navigation::MessageData.from_h(
      active: 'home',
      tabs: [{ id: 'home', title: 'Home', icon: 'house', path: '/' },
             Navigation::TabData.new(id: 'old', title: 'Old', icon: 'x', path: '/old',
                                     deprecated: Navigation::Deprecation::HARD)]
    )
    from_strings = Navigation::MessageData.from_json(
      '{"tabs":[{"path":"/","icon":"house","title":"Home","id":"home"},' \
      '{"deprecated":"hard","id":"old","title":"Old","icon":"x","path":"/old"}],"active":"home"}'
    )
    assert_equal from_symbols, from_strings
    assert_equal '{"active":"home","tabs":[{"id":"home","title":"Home","icon":"house","path":"/"},' \
                 '{"id":"old","title":"Old","icon":"x","path":"/old","deprecated":"hard"}]}', from_strings.to_json
  end

  def test_absent_optionals_are_omitted_and_a_nil_active_is_null
    tab = Navigation::TabData.new(id: 'a', title: 'A', icon: 'a', path: '/a', deprecated: nil)
    assert_equal({ 'id' => 'a', 'title' => 'A', 'icon' => 'a', 'path' => '/a' }, tab.to_h)
    assert_equal '{"active":null,"tabs":[]}', Navigation::MessageData.from_h(active: nil, tabs: []).to_json
  end

  # A null optional member reads as absent (what the native clients do) and is reported,
  # with tabgen's code, pointer and message, since it goes back over the wire as it came.
  def test_null_optional_members_read_as_absent_and_are_reported
    message = Navigation::MessageData.from_json(
      '{"active":"a","tabs":[{"id":"a","title":"A","icon":"a","path":"/a","deprecated":null},' \
      '{"id":"b","title":"B","icon":"b","path":"/b","replaces":null}],"metadata":{"url":"/a"}}'
    )
    assert_nil message.tabs[0].deprecated
    assert_nil message.tabs[1].replaces
    assert_equal ['error[TG011] /tabs/0/deprecated: null is not one of "soft", "hard"',
                  'error[TG010] /tabs/1/replaces: expected a string, found null'], message.validate.map(&:to_s)
  end

  def test_unknown_members_and_enum_values_are_kept
    tab = Navigation::TabData.from_h('id' => 'a', 'title' => 'A', 'icon' => 'a', 'path' => '/a',
                                     'deprecated' => 'never', 'badge' => { 'count' => 2 })
    assert_equal 'never', tab.deprecated
    assert_equal({ 'badge' => { 'count' => 2 } }, tab.extra)
    assert_equal '{"id":"a","title":"A","icon":"a","path":"/a","deprecated":"never","badge":{"count":2}}', tab.to_json
  end

  def test_validate_reports_with_tabgen_codes
    message = Navigation::MessageData.from_h(
      active: 'home',
      tabs: [{ id: 'home', title: 'Home', icon: 'house', path: 'https://evil.example/' },
             { id: 'home', title: 1, path: '/', deprecated: 'never' }],
      badge: 1
    )
    # The root takes unknown members (badge); one tab left that is not deprecated is TG108.
    assert_equal %w[TG010 TG011 TG012 TG101 TG103 TG104 TG108], message.validate.map(&:code).sort
    refute message.valid?
    assert_equal 'error[TG012] /tabs/1: missing required property "icon"', message.validate.find { |v|
                                                                             v.code == 'TG012'
                                                                           }.to_s
  end

  # tabgen compares strings by Unicode scalars: K and the Kelvin sign (U+212A) are two ids,
  # not a duplicate (TG103), and "cafe\u0301" names no tab "caf\u00e9" (TG102). Swift's
  # String == equates them, so each is also a warning (TG022).
  def test_ids_differ_by_unicode_scalars_not_canonical_equivalence
    tabs = %W[K \u212A caf\u00e9].map { |id| { id:, title: id, icon: 'i', path: '/' } }
    found = Navigation::MessageData.from_h(active: 'K', tabs:).validate
    assert_equal([%w[TG022 warning /tabs/1/id]], found.map { |v| [v.code, v.severity, v.pointer] })
    codes = Navigation::MessageData.from_h(active: "cafe\u0301", tabs: tabs + [tabs[2]]).validate.map(&:code)
    assert_equal %w[TG022 TG022 TG102 TG103], codes.sort
  end

  # The NFC form never raises: a string that is not valid UTF-8 (or not UTF-8 at all) is
  # compared as it is. (Contract.check cannot take one yet: its TG010 text quotes every
  # string, and gsub raises on invalid bytes before any rule runs.)
  def test_nfc_survives_strings_that_are_not_utf8
    invalid = (+"caf\xC3").force_encoding('UTF-8')
    binary = "caf\xC3\xA9".b
    assert_same invalid, Navigation::Contract.nfc(invalid)
    assert_same binary, Navigation::Contract.nfc(binary)
    assert_equal "caf\u00e9", Navigation::Contract.nfc("cafe\u0301")
    assert_equal "\u00c5", Navigation::Contract.nfc("\u212b")
  end

  # The constructor takes the members as keywords and refuses, with Ruby's own words, what
  # a `def initialize(id:, title:, ...)` refuses.
  def test_the_constructor_refuses_what_a_keyword_constructor_refuses
    tab = { id: 'a', title: 'A', icon: 'a', path: '/a' }
    assert_equal('missing keyword: :id', constructor_error { Navigation::TabData.new(**tab.except(:id)) })
    assert_equal('missing keywords: :active, :tabs', constructor_error { Navigation::MessageData.new })
    assert_equal('unknown keywords: :x, "y"', constructor_error { Navigation::TabData.new(**tab, x: 1, 'y' => 2) })
    assert_equal('wrong number of arguments (given 1, expected 0; required keywords: id, title, icon, path)',
                 constructor_error { Navigation::TabData.new(tab) })
  end

  # A subclass decodes as itself and equals its parent's value of the same members.
  def test_a_subclass_decodes_as_itself_and_equals_its_parent
    subclass = Class.new(Navigation::TabData)
    members = { id: 'a', title: 'A', icon: 'a', path: '/a', deprecated: 'soft' }
    child = subclass.from_h(members)
    parent = Navigation::TabData.new(**members)
    assert_instance_of subclass, child
    assert_equal 'soft', child.deprecated
    assert_equal parent, child
    assert_equal child, parent
    assert_equal parent.hash, child.hash
  end

  def test_value_objects_are_frozen
    message = Navigation::MessageData.from_h(active: nil, tabs: [])
    assert_predicate message, :frozen?
    assert_predicate message.tabs, :frozen?
    assert_raises(FrozenError) { message.extra['x'] = 1 }
  end

  private

  def constructor_error(&)
    assert_raises(ArgumentError, &).message
  end
end
