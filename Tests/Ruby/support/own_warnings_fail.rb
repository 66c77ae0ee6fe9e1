# frozen_string_literal: true

# Under ruby -w, a warning from a file below the folder this one sits in (Tests/Ruby, or a
# generated app it is copied into) is an error; the Debian gems' own warnings are dropped.
module OwnWarningsFail
  ROOT = File.expand_path('..', __dir__)

  def warn(message, **)
    return super unless message.include?(' warning: ') # Kernel#warn output, not Ruby's
    raise "warning from our code: #{message}" if message.include?(ROOT)
  end
end
Warning.singleton_class.prepend(OwnWarningsFail)
