// Runs in Chromium on a demo page (run.mjs adds it and the importmap): registers the
// controllers of ?mode= (generated: the generated bases; demo: demo_controllers.js), lets
// them connect, opens each menu as a tap on its button does (the menu's show action), and
// leaves in window.result what the app received and what went to console.error.
import { Application } from "@hotwired/stimulus"
import "@hotwired/hotwire-native-bridge"

const mode = new URL(import.meta.url).searchParams.get("mode")
const received = []
const errors = []
const originalError = console.error.bind(console)
console.error = (...parts) => {
  errors.push(parts.map(String).join(" "))
  originalError(...parts)
}
// The app, as Hotwire Native iOS's adapter: it takes each message as posted (a clone).
const adapter = {
  platform: "ios",
  supportedComponents: ["form", "menu", "overflow-menu", "button"],
  supportsComponent: (component) => adapter.supportedComponents.includes(component),
  receive: (message) => received.push(JSON.parse(JSON.stringify(message))),
}
window.HotwireNative.web.setAdapter(adapter)

const controllers = (await import(mode === "demo" ? "/demo/demo_controllers.js" : "/demo/generated_controllers.js")).default
const application = Application.start()
for (const [identifier, controller] of Object.entries(controllers)) application.register(identifier, controller)
const settle = () => new Promise((resolve) => setTimeout(resolve, 50))
await settle()
for (const element of document.querySelectorAll('[data-controller~="bridge--menu"]')) {
  application.getControllerForElementAndIdentifier(element, "bridge--menu").show(new Event("click"))
}
await settle()
window.result = { received, errors }
