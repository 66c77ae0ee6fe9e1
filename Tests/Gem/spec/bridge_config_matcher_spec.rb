# frozen_string_literal: true

require 'cgi'
require 'json'
require 'tabgen/rspec'

# be_a_valid_bridge_config under Debian's RSpec 3.12; requiring tabgen/rspec registered it.
RSpec.describe 'be_a_valid_bridge_config' do
  def page(path, elements: 1)
    payload = { active: 'home', tabs: [{ id: 'home', title: 'Home', icon: 'house', path: },
                                       { id: 'explore', title: 'Explore', icon: 'safari', path: '/explore' }] }
    value = CGI.escapeHTML(JSON.generate(payload))
    nav = %(<div data-controller="bridge--navigation" data-bridge--navigation-config-value="#{value}"></div>)
    "<!DOCTYPE html>\n<html><body>\n#{([nav] * elements).join("\n")}\n</body></html>\n"
  end

  let(:good) { page('/') }
  let(:bad) { page('https://evil.example/x') }

  it 'passes on a page tabgen validate accepts' do
    expect(good).to be_a_valid_bridge_config
  end

  it "fails on a bad page with tabgen's code, pointer and message" do
    finding = 'error[TG104] /tabs/0/path: "https://evil.example/x" is not a relative reference'
    missed = RSpec::Expectations::ExpectationNotMetError
    expect { expect(bad).to be_a_valid_bridge_config }.to raise_error(missed) do |error|
      expect(error.message).to start_with("expected tabgen validate to accept the page\n" \
                                          "tabgen validate rejects the page:\n  #{finding}")
    end
  end

  it 'negates: passes on a bad page, fails on a good one' do
    expect(bad).not_to be_a_valid_bridge_config
    expect { expect(good).not_to be_a_valid_bridge_config }.to raise_error(
      RSpec::Expectations::ExpectationNotMetError, /but it accepts it/
    )
  end

  it 'reads a response through #body, and fails warnings only when strict' do
    response = Struct.new(:body).new(page('/', elements: 2))
    expect(response).to be_a_valid_bridge_config
    expect(response).not_to be_a_valid_bridge_config(strict: true)
  end

  it 'describes itself' do
    expect(be_a_valid_bridge_config.description).to eq('be a valid bridge config page (tabgen validate --html)')
  end
end
