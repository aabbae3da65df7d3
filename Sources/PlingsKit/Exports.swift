@_exported import PlingsDomain
