#!/usr/bin/env ruby
# frozen_string_literal: true

# Differential test of `tabgen validate --html` against an HTML5 tree builder: Nokogiri's
# HTML5 parser (libgumbo, Debian's ruby-nokogiri). Pages generated with a fixed seed mix
# SVG, MathML, their integration points, CDATA, <template>, raw-text and RCDATA
# elements, breakout tags and bridge elements, one tag per line. Both must find the
# same live bridge elements: tabgen's findings name their lines, Nokogiri's nodes carry
# theirs (elements in an HTML <template>'s content are not live).
#
# Usage: html_differential.rb PATH/TO/tabgen [PAGES]
require "nokogiri"
require "open3"
require "tmpdir"

tabgen = ARGV.fetch(0)
pages = Integer(ARGV.fetch(1, "300"))
random = Random.new(16)

BRIDGE_TAGS = %w[div span g b p mi x-panel section circle].freeze
CONTAINERS = [
  %w[svg svg], %w[math math], %w[template template], %w[foreignObject foreignObject], %w[desc desc],
  %w[title title], %w[mi mi], %w[mtext mtext], ['annotation-xml encoding="text/html"', "annotation-xml"],
  %w[style style], %w[script script], %w[textarea textarea], %w[xmp xmp], %w[iframe iframe],
  %w[div div], %w[g g], %w[p p], %w[table table], %w[font font], ['font color="red"', "font"], %w[ul ul],
].freeze

def bridge(random, marker)
  tag = BRIDGE_TAGS[random.rand(BRIDGE_TAGS.size)]
  %(<#{tag} data-controller="bridge--navigation" data-bridge--navigation-config-value="{&quot;active&quot;:#{marker}}"></#{tag}>)
end

def page(random)
  lines = ["<!DOCTYPE html><html><body>"]
  marker = 0
  build = lambda do |depth|
    random.rand(2..4).times do
      case random.rand(10)
      when 0..3
        marker += 1
        lines << bridge(random, marker)
      when 4
        lines << (random.rand(2).zero? ? "<![CDATA[" : "<!--")
        marker += 1
        lines << bridge(random, marker)
        lines << (lines[-2] == "<![CDATA[" ? "]]>" : "-->")
      else
        next if depth > 3
        open, name = CONTAINERS[random.rand(CONTAINERS.size)]
        lines << "<#{open}>"
        build.call(depth + 1)
        lines << "</#{name}>" unless random.rand(6).zero? # sometimes left open
      end
    end
  end
  build.call(0)
  lines << "</body></html>"
  lines.join("\n") + "\n"
end

def nokogiri_lines(html)
  document = Nokogiri::HTML5(html)
  document.css("[data-controller]").reject do |node|
    node.ancestors.any? { |ancestor| ancestor.respond_to?(:namespace) && ancestor.name == "template" && ancestor.namespace.nil? }
  end.map(&:line).sort
end

def tabgen_lines(tabgen, path)
  output, = Open3.capture2e(tabgen, "validate", "--html", path)
  output.scan(/^#{Regexp.escape(path)}:(\d+):\d+: error\[TG010\]/).map { |(line)| Integer(line) }.sort
end

failed = 0
elements = 0
Dir.mktmpdir do |dir|
  pages.times do |index|
    html = page(random)
    path = File.join(dir, "page#{index}.html")
    File.write(path, html)
    expected = nokogiri_lines(html)
    found = tabgen_lines(tabgen, path)
    elements += expected.size
    next if expected == found

    failed += 1
    next unless failed <= 3

    puts "FAIL page #{index}: Nokogiri::HTML5 finds lines #{expected.inspect}, tabgen #{found.inspect}"
    puts html.lines.each_with_index.map { |line, number| format("%3d %s", number + 1, line) }.join
  end
end
puts "html-differential: #{pages - failed} passed, #{failed} failed (#{pages} pages, #{elements} live bridge elements, seed 16, Nokogiri #{Nokogiri::VERSION})"
exit(failed.zero? ? 0 : 1)
