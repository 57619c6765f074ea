-- search-config language server through plain vim.lsp (Neovim 0.7 and later): configuration files,
-- Terraform files and YAML files (the server answers only inside search_user_config and kind: Search)
local search_config_client
vim.api.nvim_create_autocmd({ 'BufReadPost', 'BufNewFile' }, {
  pattern = { '*.search.json', '*.search.jsonc', 'search-config.json', 'search-config.jsonc', '*.tf', '*.yaml', '*.yml' },
  callback = function(args)
    search_config_client = search_config_client or vim.lsp.start_client({
      name = 'search-config',
      cmd = { 'search-config-language-server', '--stdio' },
      root_dir = vim.fn.getcwd(),
    })
    vim.lsp.buf_attach_client(args.buf, search_config_client)
  end,
})
