"""Mare Balticum's verdict and error messages: the gettext domain `mare_balticum`, in
engine/locale/<lang>/LC_MESSAGES/mare_balticum.po (compiled to .mo beside it), chained to the core
catalog. See engine/core/messages.py and `python -m widgets.i18n`.
"""

from ..core.messages import Catalog

CATALOG = Catalog("mare_balticum")
