# frozen_string_literal: true

require 'cgi'
require 'json'
require 'minitest/autorun'

# Pages for the unit tests: the bridge element with a payload, HTML-escaped as ERB does.
module PageSupport
  def page(payload, elements: 1)
    value = CGI.escapeHTML(JSON.generate(payload))
    nav = %(<div data-controller="bridge--navigation" data-bridge--navigation-config-value="#{value}"></div>)
    "<!DOCTYPE html>\n<html><body>\n#{([nav] * elements).join("\n")}\n</body></html>\n"
  end

  def good_page(elements: 1)
    page({ active: 'home', tabs: [{ id: 'home', title: 'Home', icon: 'house', path: '/' },
                                  { id: 'explore', title: 'Explore', icon: 'safari', path: '/explore' }] }, elements:)
  end

  def bad_page
    page({ active: 'home', tabs: [{ id: 'home', title: 'Home', icon: 'house', path: 'https://evil.example/x' },
                                  { id: 'explore', title: 'Explore', icon: 'safari', path: '/explore' }] })
  end
end
