// Hand-written before tabgen: the tab bar's message.
package dev.example.shop.compose

data class TabData(val id: String, val title: String, val icon: String, val path: String)

data class MessageData(val active: String, val tabs: List<TabData>)
