-- Test driver (not part of the snippet): after the snippet attached the server to the file opened on the
-- command line, wait for its diagnostics and write them as JSON lines to $SNIPPET_OUT.
local out = assert(os.getenv('SNIPPET_OUT'))
vim.wait(20000, function() return #vim.diagnostic.get(0) > 0 end, 100)
vim.wait(1500) -- let a later publish replace an early one
local lines = {}
for _, d in ipairs(vim.diagnostic.get(0)) do
  local lsp = (d.user_data or {}).lsp or {}
  table.insert(lines, vim.fn.json_encode({ line = d.lnum, code = lsp.code or d.code, source = d.source or lsp.source }))
end
local clients = {}
for _, c in pairs(vim.lsp.buf_get_clients(0)) do table.insert(clients, c.name) end
table.insert(lines, vim.fn.json_encode({ type = 'clients', names = clients }))
vim.fn.writefile(lines, out)
vim.cmd('qa!')
