rootProject.name = "Shop Fragments"
include(":app")
