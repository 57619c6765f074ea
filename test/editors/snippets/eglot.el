;; search-config language server through Eglot (Emacs 28 with the eglot package, Emacs 29 and later)
(require 'eglot)
(define-derived-mode search-config-mode js-mode "Search-Config"
  "Major mode for search service configuration files.")
(add-to-list 'auto-mode-alist '("\\.search\\.jsonc?\\'" . search-config-mode))
(add-to-list 'auto-mode-alist '("/search-config\\.jsonc?\\'" . search-config-mode))
(add-to-list 'eglot-server-programs
             '((search-config-mode terraform-mode hcl-mode yaml-mode yaml-ts-mode)
               "search-config-language-server" "--stdio"))
(add-hook 'search-config-mode-hook #'eglot-ensure)
;; Terraform and YAML buffers too (Eglot runs one server per buffer: see the note above)
(dolist (hook '(terraform-mode-hook hcl-mode-hook yaml-mode-hook yaml-ts-mode-hook))
  (add-hook hook #'eglot-ensure))
