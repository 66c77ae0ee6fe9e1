# frozen_string_literal: true

module Tabgen
  # scripts/build-gem writes the release's version here in the copy it packs.
  VERSION = '0.0.0.dev'
end
