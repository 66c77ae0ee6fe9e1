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

  test 'eager loading found the components where Zeitwerk looks' do
    assert_equal %w[Form::ConnectComponent Menu::DisplayComponent],
                 ViewComponent::Base.descendants.map(&:name).sort
  end
end
