# frozen_string_literal: true

ENV['RAILS_ENV'] = 'test'
require_relative '../config/application'
Rails.application.initialize!
require 'rails/test_help'
require 'nokogiri'

# The page rendered by the real Rails stack (routing, controller, ActionView, the
# components' sidecar templates) and read back with an HTML5 parser, as a browser reads it.
# The page is saved as tmp/page.html, for `tabgen validate --html`.
class PageTest < ActionDispatch::IntegrationTest
  MENU_JSON = '{"title":"Actions","items":[{"title":"Edit","index":0},{"title":"Delete \"all\"","index":1}]}'
  FORM_JSON = '{"submitTitle":"Save <draft>"}'

  def element(document, identifier)
    found = document.css('[data-controller]').select { |node| node['data-controller'].split.include?(identifier) }
    assert_equal 1, found.length, "one element of #{identifier}"
    found.first
  end

  test 'the menu and form components render their bridge elements with the exact JSON' do
    get '/page'
    assert_response :success
    document = Nokogiri::HTML5(response.body)
    menu = element(document, 'bridge--menu')
    assert_equal %w[div menu], [menu.name, menu['class']]
    assert_equal MENU_JSON, menu['data-bridge--menu-display-value']
    assert_equal 'Open Menu', menu.at_css('button').text
    form = element(document, 'bridge--form')
    assert_equal %w[form /save post], [form.name, form['action'], form['method']]
    assert_equal FORM_JSON, form['data-bridge--form-connect-value']
    assert_empty document.css('script')
    FileUtils.mkdir_p(Rails.root.join('tmp'))
    File.write(Rails.root.join('tmp/page.html'), response.body)
  end

  test 'invalid menu data raises in test with its code and pointer (strict server)' do
    error = assert_raises(ActionView::Template::Error) { get '/invalid' }
    assert_kind_of Menu::DisplayComponent::InvalidMessage, error.cause
    assert_includes error.cause.message, 'error[MN101] /items/1/index: two items have the same index'
  end

  # User agents as the libraries build them (hotwire-native-ios UserAgent.build, set as
  # WKWebView's applicationNameForUserAgent, after WebKit's part; hotwire-native-android
  # HotwireConfig.userAgentWithWebViewDefault, before Chromium's), with and without an
  # application prefix; and a browser's.
  IOS = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' \
        'Mobile/15E148 Hotwire Native iOS; Turbo Native iOS; bridge-components: [form menu overflow-menu]'
  ANDROID = 'Demo/1.0 Hotwire Native Android; Turbo Native Android; bridge-components: [form overflow-menu]; ' \
            'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240805.005; wv) AppleWebKit/537.36 ' \
            '(KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.134 Mobile Safari/537.36'
  BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) ' \
            'Version/17.5 Safari/605.1.15'

  def native_page(user_agent)
    get '/native', headers: user_agent ? { 'User-Agent' => user_agent } : {}
    assert_response :success
    document = Nokogiri::HTML5(response.body)
    [document.css('[data-controller~="bridge--menu"]').length, document.at_css('#components').text,
     document.at_css('#overflow').text]
  end

  test 'the menu renders only for an app that registered it, read from the user agent' do
    assert_equal [1, 'form,menu,overflow-menu', 'true'], native_page(IOS)
    assert_equal [0, 'form,overflow-menu', 'true'], native_page(ANDROID)
    assert_equal [0, '', 'false'], native_page(BROWSER)
    assert_equal [0, '', 'false'], native_page(nil)
  end

  test 'an odd user agent reads as no components and never raises' do
    [
      'bridge-components: []', 'bridge-components: [menu', 'bridge-components:[menu]', 'Bridge-Components: [menu]',
      'bridge-components: [menus form]', "bridge-components: [\xFF\xFE]".b, ''
    ].each do |agent|
      assert_equal 0, native_page(agent).first, agent.inspect
    end
    assert_equal %w[menu form],
                 TabgenBridgeHelper.components('x bridge-components: [ menu  form ] bridge-components: [y]')
    # Invalid UTF-8 is read with U+FFFD for the bad byte: no such component.
    assert_equal ["\uFFFDmenu"],
                 TabgenBridgeHelper.components("bridge-components: [\xFFmenu]".dup.force_encoding('UTF-8'))
    assert_equal [], TabgenBridgeHelper.components(42)
  end

  test 'eager loading found the components where Zeitwerk looks' do
    assert_equal %w[Form::ConnectComponent Menu::DisplayComponent],
                 ViewComponent::Base.descendants.map(&:name).sort
  end
end
