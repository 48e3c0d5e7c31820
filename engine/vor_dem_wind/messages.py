"""Vor dem Wind's verdict and error messages: the gettext domain `vor_dem_wind`, in
engine/locale/<lang>/LC_MESSAGES/vor_dem_wind.po (compiled to .mo beside it), chained to the core
catalog. See engine/core/messages.py and `python -m widgets.i18n`.
"""

from ..core.messages import Catalog

CATALOG = Catalog("vor_dem_wind")
