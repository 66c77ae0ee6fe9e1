# frozen_string_literal: true

require 'rails_helper'

# Must pass: a request spec with the matcher tabgen/rspec registered.
RSpec.describe 'the tab bar', type: :request do
  it 'is valid on the good page' do
    get '/good'
    expect(response).to be_a_valid_bridge_config
  end

  it 'is refused on the bad page' do
    get '/bad'
    expect(response).not_to be_a_valid_bridge_config
  end
end
