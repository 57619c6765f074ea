# The configuration as most teams write it: a search_user_config block in the provider's resource.
resource "vendor_search" "logs" {
  project      = var.project
  service_name = "logs"
  search_user_config {
    search_version = "2"
    ip_filter_object {
      network = "10.20.0.1/16"
    }
    search {
      http_max_content_length  = "100mb"
      reindex_remote_whitelist = ["a.example.com:9200"]
    }
    openid {
      enabled       = true
      client_id     = "app"
      client_secret = "plain-secret"
    }
  }
}
