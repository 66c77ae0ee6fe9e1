# frozen_string_literal: true

require_relative 'test_helper'

# The component rendered by ActionView, read back with an HTML parser.
class NavigationComponentRenderTest < Minitest::Test
  include TestHelper

  TABBED = {
    'active' => 'home',
    'tabs' => [
      { 'id' => 'home', 'title' => 'Home', 'icon' => 'house.fill', 'path' => '/' },
      { 'id' => 'explore', 'title' => 'Explore', 'icon' => 'magnifyingglass', 'path' => '/explore',
        'deprecated' => 'soft' },
      { 'id' => 'favorites', 'title' => 'Favorites', 'icon' => 'heart.fill', 'path' => '/favorites',
        'replaces' => 'explore' }
    ]
  }.freeze

  def config_of(nav)
    JSON.parse(nav['data-bridge--navigation-config-value'])
  end

  def test_renders_the_stimulus_controller_and_its_value
    nav = only_nav(render_component(NavigationComponent.new(TABBED)))
    assert_equal 'bridge--navigation', nav['data-controller']
    assert_equal TABBED, config_of(nav)
  end

  def test_builds_from_keywords_a_hash_or_a_message
    tabs = TABBED['tabs'].map { |tab| tab.transform_keys(&:to_sym) }
    [NavigationComponent.new(active: 'home', tabs:),
     NavigationComponent.new(TABBED),
     NavigationComponent.new(Navigation::MessageData.from_h(TABBED))].each do |component|
      assert_equal TABBED, config_of(only_nav(render_component(component)))
    end
  end

  def test_the_block_is_the_content_of_the_nav
    bootstrap = Navigation::MessageData.from_h(active: nil, tabs: [])
    html = render_component(NavigationComponent.new(bootstrap)) { '<b>Menu</b>' }
    nav = only_nav(html)
    assert_equal '<b>Menu</b>', nav.text # a plain string is escaped, as ActionView's capture escapes it
    assert_equal({ 'active' => nil, 'tabs' => [] }, config_of(nav))
  end

  def test_markup_in_titles_comes_back_intact_and_creates_no_element
    titles = ['"><script>alert(1)</script>', '</nav><nav data-controller="x">', "' onload='alert(1)",
              "&amp; &lt; \u2028 caf\u00e9"]
    message = { 'active' => 't0', 'tabs' => titles.each_with_index.map do |title, i|
                                              { 'id' => "t#{i}", 'title' => title, 'icon' => 'i', 'path' => "/t#{i}" }
                                            end }
    html = render_component(NavigationComponent.new(message))
    fragment = Nokogiri::HTML5.fragment(html)
    assert_equal 1, fragment.css('nav').length
    assert_empty fragment.css('script')
    assert_equal ['data-controller', 'data-bridge--navigation-config-value'], fragment.at('nav').attributes.keys
    assert_equal message, config_of(fragment.at('nav'))
    refute_includes html, '<script'
  end

  def test_an_invalid_tab_bar_raises_with_the_codes_outside_production
    invalid = { active: 'home', tabs: [{ id: 'home', title: 'Home', icon: 'house', path: 'https://evil.example/x' }] }
    error = assert_raises(NavigationComponent::InvalidMessage) { render_component(NavigationComponent.new(invalid)) }
    assert_includes error.message, 'error[TG101] /tabs: tabs must be empty (bootstrap mode) ' \
                                   'or hold at least two distinct tabs: it has 1 entry'
    assert_includes error.message, 'error[TG104] /tabs/0/path: "https://evil.example/x" ' \
                                   'is not a relative reference (it has scheme "https")'
  end

  # Outside development and test, an invalid tab bar is reported and not rendered: the
  # app keeps the tab bar it has.
  def test_production_renders_nothing_and_raises_nothing
    invalid = { active: 'zz', tabs: TABBED['tabs'] }
    rendered = with_rails('production') { render_component(NavigationComponent.new(invalid)) }
    assert_empty navs(rendered[:html])
    assert_raises(NavigationComponent::InvalidMessage) { render_component(NavigationComponent.new(invalid)) }
  end

  def test_without_rails_the_environment_variable_decides
    invalid = { active: 'zz', tabs: TABBED['tabs'] }
    previous = ENV.fetch('RAILS_ENV', nil)
    ENV['RAILS_ENV'] = 'production'
    assert_empty navs(render_component(NavigationComponent.new(invalid)))
  ensure
    ENV['RAILS_ENV'] = previous
  end

  def test_a_warning_is_logged_not_raised
    _, stderr = capture_io { render_component(NavigationComponent.new(active: 'home', tabs: [])) }
    assert_match(%r{warning\[TG106\] /active: active should be null when tabs is empty}, stderr)
  end

  def test_helpers_are_the_view_context_and_only_while_rendering
    component = NavigationComponent.new(Navigation::MessageData.from_h(active: nil, tabs: []))
    assert_raises(ViewComponent::HelpersCalledBeforeRenderError) { component.helpers }
    view = ActionView::Base.empty
    view.render(component)
    assert_same view, component.helpers
  end

  private

  # Rails as the component sees it: an environment and a logger that records. (The
  # Debian gems define a `Rails` module of their own, without either.)
  def with_rails(environment)
    created = !Object.const_defined?(:Rails)
    Object.const_set(:Rails, Module.new) if created
    log = []
    logger = Object.new
    %i[error warn].each { |level| logger.define_singleton_method(level) { |message| log << [level, message] } }
    Rails.define_singleton_method(:env) { ActiveSupport::StringInquirer.new(environment) }
    Rails.define_singleton_method(:logger) { logger }
    { html: yield, log: }
  ensure
    created ? Object.send(:remove_const, :Rails) : Rails.singleton_class.send(:remove_method, :env, :logger)
  end
end
